/**
 * A questionnaire, one item a page: a rating scale (Likert, SUS, a custom scale: ←/→ or a digit,
 * then enter; TLX: ←/→ in steps of 5 on 0–100), a list of options (↑/↓ and a digit choose; space
 * ticks one of several or picks up a ranking's option to move it), a number, or a line of free
 * text (enter sends it). esc goes back an item. Each answer is saved as it is given, so a
 * resumed questionnaire starts where it stopped. A comprehension check answered wrongly stays
 * on screen with a note, to be answered again.
 */
import { Box, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { INPUT_ROWS, visibleInput } from '../../components/InputBox.tsx';
import {
  PRIORITY,
  useKeyActions,
  type ActionHandlers,
  type KeyPress,
} from '../../hooks/keypress.tsx';
import { useTerminalSize } from '../../hooks/useTerminalSize.ts';
import { useTextInput } from '../../hooks/useTextInput.ts';
import type { Action } from '../../keymap.ts';
import { useTheme } from '../../theme.ts';
import type { Line } from '../../../text/text.ts';
import type { AnswerValue, Item } from '../../../study/questionnaire.ts';
import { listLines, listOrder, scaleLines, type ListState } from './answer-lines.ts';
import { answerKeys, itemMode, numberFrom, questionScopes, scaleDigits } from './item-keys.ts';
import { Page, PAGE_WIDTH, paragraphs } from './Page.tsx';

export interface QuestionnaireProps {
  heading: string;
  items: readonly Item[];
  /** Answers given before (by item id), e.g. before a crash. */
  given: ReadonlyMap<string, AnswerValue>;
  /** Saves an answer: `retry` keeps the item on screen (a comprehension check answered wrongly), `stop` leaves the questionnaire. */
  onAnswer: (item: Item, value: AnswerValue) => 'retry' | 'stop' | void;
  onDone: () => void;
  /** An item came on screen (for its onset and the answer's latency). */
  onShow?: (item: Item) => void;
}

export function Questionnaire({
  heading,
  items,
  given,
  onAnswer,
  onDone,
  onShow,
}: QuestionnaireProps) {
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const first = items.findIndex((i) => !given.has(i.item));
  const indexRef = useRef(first === -1 ? 0 : first);
  const [index, setIndexState] = useState(indexRef.current);
  const setIndex = (i: number) => {
    indexRef.current = i;
    setIndexState(i);
  };
  // The ref is the truth: a digit and enter typed in one go arrive before React re-renders.
  const valuesRef = useRef<Map<string, AnswerValue>>(new Map(given));
  const [values, setValuesState] = useState(valuesRef.current);
  const setValues = (next: Map<string, AnswerValue>) => {
    valuesRef.current = next;
    setValuesState(next);
  };
  const [note, setNote] = useState<string | undefined>();
  const text = useTextInput(typedOf(given.get(items[index]?.item ?? '')));
  const listRef = useRef<ListState>({ cursor: 0, held: false });
  const [list, setListState] = useState(listRef.current);
  const setList = (l: ListState) => {
    listRef.current = l;
    setListState(l);
  };
  const item = items[index]!;
  const value = values.get(item.item);
  useEffect(() => onShow?.(item), [item, onShow]);

  const show = (i: number) => {
    setIndex(i);
    setNote(undefined);
    text.set(typedOf(valuesRef.current.get(items[i]!.item)));
    setList({ cursor: 0, held: false });
  };
  const confirm = (v: AnswerValue) => {
    const index = indexRef.current;
    const item = items[index]!;
    const said = onAnswer(item, v);
    if (said === 'stop') return;
    if (said === 'retry') {
      setNote('That is not right. Please read the question again and answer again.');
      return;
    }
    setValues(new Map(valuesRef.current).set(item.item, v));
    if (index + 1 < items.length) show(index + 1);
    else onDone();
  };
  const setRating = (v: AnswerValue) => {
    setValues(new Map(valuesRef.current).set(items[indexRef.current]!.item, v));
    setNote(undefined);
  };
  /** The item shown now and its rating so far (from the refs: keys typed in one go come before a re-render). */
  const now = () => {
    const item = items[indexRef.current]!;
    const v = valuesRef.current.get(item.item);
    return { item, scale: item.scale, rating: typeof v === 'number' ? v : undefined };
  };
  const move = (dir: -1 | 1) => {
    const { scale, rating } = now();
    if (!scale) return;
    // The first move on a scale of single steps lands at the end it points to; on the 0–100 ones, at 50.
    if (rating === undefined) {
      const end = dir < 0 ? scale.min : scale.max;
      setRating(scale.step === 1 ? end : 50);
    } else setRating(Math.max(scale.min, Math.min(scale.max, rating + dir * scale.step)));
  };
  /** A list's options: one chosen (single, preference), ticked or unticked (several), or a ranking's order. */
  const listValue = () => valuesRef.current.get(items[indexRef.current]!.item);
  const choose = (code: number) => {
    const item = now().item;
    if (!item.multiple) return setRating(code);
    const ticked = Array.isArray(listValue()) ? (listValue() as number[]) : [];
    const next = ticked.includes(code) ? ticked.filter((c) => c !== code) : [...ticked, code];
    setRating(next.sort((a, b) => a - b));
  };
  const cursorTo = (dir: -1 | 1) => {
    const item = now().item;
    const order = listOrder(item, listValue());
    const { cursor, held } = listRef.current;
    // One answer, none chosen yet: the first arrow chooses the highlighted option.
    const single = !item.multiple && item.kind !== 'ranking';
    const none = listValue() === undefined || listValue() === null;
    if (single && none) return setRating(order[cursor]!);
    const to = Math.max(0, Math.min(order.length - 1, cursor + dir));
    if (held && to !== cursor) {
      const moved = [...order];
      [moved[cursor], moved[to]] = [moved[to]!, moved[cursor]!];
      setRating(moved);
    }
    setList({ cursor: to, held });
    if (single) setRating(order[to]!);
  };
  const handlers: ActionHandlers = {
    back: () => {
      if (indexRef.current > 0) show(indexRef.current - 1);
    },
    prevChoice: () => move(-1),
    nextChoice: () => move(1),
    up: () => cursorTo(-1),
    down: () => cursorTo(1),
    pick: () => {
      const item = now().item;
      const order = listOrder(item, listValue());
      if (item.kind === 'ranking') {
        if (!Array.isArray(listValue())) setRating(order);
        setList({ ...listRef.current, held: !listRef.current.held });
      } else if (item.multiple) choose(order[listRef.current.cursor]!);
    },
    select: () => {
      const item = now().item;
      const v = listValue();
      if (item.kind === 'ranking') return confirm(listOrder(item, v));
      if (item.options && item.multiple) {
        const ticked = Array.isArray(v) ? v : [];
        if (!ticked.length && !item.optional) return setNote('tick at least one answer first');
        return confirm(ticked.length ? ticked : null);
      }
      if (v === undefined || v === null)
        return setNote(
          item.options ? 'choose an answer first' : 'choose a point on the scale first',
        );
      confirm(v);
    },
    send: () => {
      const item = now().item;
      const t = text.current().trim();
      if (!t && !item.optional)
        return setNote(
          item.numeric
            ? 'please write a number'
            : 'please write an answer (a few words are enough)',
        );
      if (!t || !item.numeric) return confirm(t || null);
      const n = numberFrom(t, item.numeric);
      if (typeof n === 'string') setNote(n);
      else confirm(n);
    },
  };
  // Keys no handler takes: a point's number (the `choose` binding), or what a free-text answer types.
  const onOtherKey = (press: KeyPress): boolean => {
    const { item, scale } = now();
    const mode = itemMode(item);
    if (mode === 'text' || mode === 'number') {
      // `?` is the help while nothing is written, as in a session's input; after that it types.
      if (press.input === '?' && !text.current()) return false;
      // A number's box takes digits, a sign and a decimal point only (of a pasted chunk too).
      const typedChars =
        // eslint-disable-next-line no-control-regex -- control bytes are keys, not typed characters
        /^[^\x00-\x1f\x7f]+$/.test(press.input) && !press.key.ctrl && !press.key.meta;
      const kept = press.input.replace(/[^0-9.,-]/g, '');
      if (mode === 'number' && typedChars && kept !== press.input) {
        if (kept) text.edit({ ...press, input: kept });
        return true;
      }
      if (!text.edit(press)) return false;
      setNote(undefined);
      return true;
    }
    if (mode === 'list') {
      const code = Number(press.input);
      if (!/^[0-9]$/.test(press.input) || item.kind === 'ranking') return false;
      if (!item.options!.some((o) => o.code === code)) return false;
      choose(code);
      setList({ cursor: listOrder(item, listValue()).indexOf(code), held: false });
      return true;
    }
    const point = Number(press.input);
    const onScale = scale && scale.step === 1 && point >= scale.min && point <= scale.max;
    if (!onScale || !/^[0-9]$/.test(press.input)) return false;
    setRating(point);
    return true;
  };
  useKeyActions(questionScopes(item), handlers, { priority: PRIORITY.input, onOtherKey });

  const mode = itemMode(item);
  const typed = mode === 'text' || mode === 'number';
  const answerLines = (cols: number): Line[] => {
    if (mode === 'list') return listLines(item, value, list, theme);
    if (mode === 'rating')
      return scaleLines(item, typeof value === 'number' ? value : undefined, cols, theme);
    if (mode === 'number') {
      const n = item.numeric!;
      const whole = n.integer ? 'a whole number ' : 'a number ';
      return [[{ text: `  ${whole}from ${n.min} to ${n.max}`, color: theme.text.muted }]];
    }
    return [];
  };
  const body = (cols: number): Line[] => [
    ...(item.title ? [[{ text: item.title, bold: true }] as Line, [{ text: '' }] as Line] : []),
    ...paragraphs(item.text, cols, { bold: !item.title }),
    [{ text: '' }],
    ...answerLines(cols),
    ...(note ? [[{ text: '' }] as Line, [{ text: note, color: theme.level.warning }] as Line] : []),
  ];
  const keys = answerKeys(item, index > 0);
  return (
    <Page
      title={heading}
      info={`${index + 1} of ${items.length}`}
      lines={body}
      keys={keys}
      childRows={typed ? INPUT_ROWS : 0}
      help={{
        scopes: [
          ...questionScopes(item).filter((s) => index > 0 || s !== 'questionnaire'),
          'study',
          'global',
        ],
        // Only scales of numbered points take digits; while writing, letters type.
        filter: {
          omit: ['goOn', ...omitted(item)],
          typing: typed,
          only: { choose: scaleDigits(item) },
        },
        hint: typed ? 'keys (before you write)' : 'keys',
      }}
    >
      {typed ? (
        <AnswerBox
          value={text.value}
          cursor={text.cursor}
          width={Math.min(columns, PAGE_WIDTH)}
          unit={item.numeric?.unit}
        />
      ) : null}
    </Page>
  );
}

/** An answer as the text box shows it (a number is typed as its digits). */
function typedOf(v: AnswerValue | undefined): string {
  if (typeof v === 'string') return v;
  return typeof v === 'number' ? String(v) : '';
}

/** Keys that do nothing for this item (its help leaves them out). */
function omitted(item: Item): Action[] {
  const mode = itemMode(item);
  if (mode === 'rating') return item.scale?.step === 1 ? [] : ['choose'];
  if (mode !== 'list') return [];
  if (item.kind === 'ranking') return ['choose'];
  return item.multiple ? [] : ['pick'];
}

/** The free-text answer being typed, with its cursor. */
function AnswerBox({
  value,
  cursor,
  width,
  unit,
}: {
  value: string;
  cursor: number;
  width: number;
  unit?: string | undefined;
}) {
  const theme = useTheme();
  const { text, at } = visibleInput(value, cursor, Math.max(4, width - 8));
  return (
    <Box
      flexDirection="column"
      width={width}
      height={INPUT_ROWS}
      borderStyle="round"
      borderColor={theme.border.focused}
    >
      <Text wrap="truncate-end">
        <Text bold color={theme.text.accent}>
          {'› '}
        </Text>
        {text.slice(0, at)}
        <Text inverse>{text.slice(at, at + 1) || ' '}</Text>
        {text.slice(at + 1)}
        {unit ? <Text color={theme.text.secondary}>{` ${unit}`}</Text> : null}
      </Text>
      <Text color={theme.text.muted}>enter sends your answer</Text>
    </Box>
  );
}
