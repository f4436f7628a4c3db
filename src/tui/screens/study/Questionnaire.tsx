/**
 * A questionnaire, one item a page: a rating scale (Likert, SUS: ←/→ or a digit, then enter;
 * TLX: ←/→ in steps of 5 on 0–100) or a line of free text (enter sends it). esc goes back an
 * item. Each answer is saved as it is given, so a resumed questionnaire starts where it stopped.
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
import type { Scope } from '../../keymap.ts';
import { useTheme, type Theme } from '../../theme.ts';
import type { Line, Seg } from '../../../text/text.ts';
import type { Item } from '../../../study/questionnaire.ts';
import { Page, PAGE_WIDTH, paragraphs } from './Page.tsx';

export interface QuestionnaireProps {
  heading: string;
  items: readonly Item[];
  /** Answers given before (by item id), e.g. before a crash. */
  given: ReadonlyMap<string, number | string | null>;
  onAnswer: (item: Item, value: number | string | null) => void;
  onDone: () => void;
  /** An item came on screen (for its onset and the answer's latency). */
  onShow?: (item: Item) => void;
}

/** The scale as three lines: the points (the chosen one marked), and the anchors under its ends. */
export function scaleLines(
  item: Item,
  value: number | undefined,
  cols: number,
  theme: Theme,
): Line[] {
  const s = item.scale!;
  if (s.step === 1) {
    const points: Seg[] = [];
    for (let v = s.min; v <= s.max; v++)
      points.push(
        {
          text: v === value ? `[${v}]` : ` ${v} `,
          bold: v === value,
          color: v === value ? theme.text.accent : undefined,
          inverse: v === value,
        },
        { text: '  ' },
      );
    // Anchors are often longer than the row of points: each is named with its end's number.
    return [
      [{ text: '  ' }, ...points],
      [
        {
          text: `  ${s.min} = ${s.anchors[0]}   ${s.max} = ${s.anchors[1]}`,
          color: theme.text.secondary,
        },
      ],
      [
        {
          text: value === undefined ? '  (not answered yet)' : `  your answer: ${value}`,
          color: theme.text.muted,
        },
      ],
    ];
  }
  const ticks = (s.max - s.min) / s.step;
  const cells = Math.min(ticks, Math.max(10, cols - 20));
  const at = value === undefined ? -1 : Math.round(((value - s.min) / (s.max - s.min)) * cells);
  const bar = Array.from({ length: cells + 1 }, (_, i) =>
    i === at ? '●' : i % 2 === 0 ? '|' : '-',
  ).join('');
  return [
    [{ text: '  ' }, { text: bar, color: theme.text.accent }],
    [
      {
        text: `  ${s.anchors[0]}${' '.repeat(Math.max(1, cells + 1 - s.anchors[0].length - s.anchors[1].length))}${s.anchors[1]}`,
        color: theme.text.secondary,
      },
    ],
    [
      {
        text:
          value === undefined
            ? '  (not answered yet: ← or → to place your mark)'
            : `  your answer: ${value} of ${s.max}`,
        color: theme.text.muted,
      },
    ],
  ];
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
  const valuesRef = useRef<Map<string, number | string | null>>(new Map(given));
  const [values, setValuesState] = useState(valuesRef.current);
  const setValues = (next: Map<string, number | string | null>) => {
    valuesRef.current = next;
    setValuesState(next);
  };
  const [note, setNote] = useState<string | undefined>();
  const text = useTextInput(
    typeof given.get(items[index]?.item ?? '') === 'string'
      ? (given.get(items[index]!.item) as string)
      : '',
  );
  const item = items[index]!;
  const value = values.get(item.item);
  useEffect(() => onShow?.(item), [item, onShow]);

  const show = (i: number) => {
    setIndex(i);
    setNote(undefined);
    const v = values.get(items[i]!.item);
    text.set(typeof v === 'string' ? v : '');
  };
  const confirm = (v: number | string | null) => {
    const index = indexRef.current;
    const item = items[index]!;
    onAnswer(item, v);
    const next = new Map(valuesRef.current).set(item.item, v);
    setValues(next);
    if (index + 1 < items.length) {
      setIndex(index + 1);
      setNote(undefined);
      const nv = next.get(items[index + 1]!.item);
      text.set(typeof nv === 'string' ? nv : '');
    } else onDone();
  };
  const setRating = (v: number) => {
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
    const { scale: s, rating } = now();
    if (!s) return;
    if (rating === undefined) setRating(s.step === 1 ? (dir < 0 ? s.min : s.max) : 50);
    else setRating(Math.max(s.min, Math.min(s.max, rating + dir * s.step)));
  };
  const handlers: ActionHandlers = {
    back: () => {
      if (indexRef.current > 0) show(indexRef.current - 1);
    },
    prevChoice: () => move(-1),
    nextChoice: () => move(1),
    select: () => {
      const { rating } = now();
      if (rating === undefined) setNote('choose a point on the scale first');
      else confirm(rating);
    },
    send: () => {
      const t = text.current().trim();
      if (!t && !now().item.optional) setNote('please write an answer (a few words are enough)');
      else confirm(t || null);
    },
  };
  // Keys no handler takes: a point's number (the `choose` binding), or what a free-text answer types.
  const onOtherKey = (press: KeyPress): boolean => {
    const { item, scale: s } = now();
    if (item.kind === 'text') {
      // `?` is the help while nothing is written, as in a session's input; after that it types.
      if (press.input === '?' && !text.current()) return false;
      if (!text.edit(press)) return false;
      setNote(undefined);
      return true;
    }
    const n = Number(press.input);
    if (!s || s.step !== 1 || !/^[0-9]$/.test(press.input) || n < s.min || n > s.max) return false;
    setRating(n);
    return true;
  };
  useKeyActions(questionScopes(item), handlers, { priority: PRIORITY.input, onOtherKey });

  const body = (cols: number): Line[] => [
    ...(item.title ? [[{ text: item.title, bold: true }] as Line, [{ text: '' }] as Line] : []),
    ...paragraphs(item.text, cols, { bold: !item.title }),
    [{ text: '' }],
    ...(item.kind === 'text'
      ? []
      : scaleLines(item, typeof value === 'number' ? value : undefined, cols, theme)),
    ...(note ? [[{ text: '' }] as Line, [{ text: note, color: theme.level.warning }] as Line] : []),
  ];
  const keys: [string, string][] =
    item.kind === 'text'
      ? [
          ['enter', item.optional ? 'send (empty skips)' : 'send'],
          ...(index ? ([['esc', 'back']] as [string, string][]) : []),
        ]
      : [
          ['←/→', item.scale!.step === 1 ? 'choose' : 'move your mark'],
          ...(item.scale!.step === 1
            ? ([[`${item.scale!.min}-${item.scale!.max}`, 'choose']] as [string, string][])
            : []),
          ['enter', 'confirm'],
          ...(index ? ([['esc', 'back']] as [string, string][]) : []),
        ];
  return (
    <Page
      title={heading}
      info={`${index + 1} of ${items.length}`}
      lines={body}
      keys={keys}
      childRows={item.kind === 'text' ? INPUT_ROWS : 0}
      help={{
        scopes: [
          ...questionScopes(item).filter((s) => index > 0 || s !== 'questionnaire'),
          'study',
          'global',
        ],
        // Only scales of numbered points take digits; while writing, letters type.
        filter: {
          omit: ['goOn', ...(item.scale?.step === 1 ? [] : (['choose'] as const))],
          typing: item.kind === 'text',
          only: { choose: scaleDigits(item) },
        },
        hint: item.kind === 'text' ? 'keys (before you write)' : 'keys',
      }}
    >
      {item.kind === 'text' ? (
        <AnswerBox value={text.value} cursor={text.cursor} width={Math.min(columns, PAGE_WIDTH)} />
      ) : null}
    </Page>
  );
}

/** The digits that choose a point of the item's scale (a 1–5 scale: 1 to 5; none past 9). */
function scaleDigits(item: Item): string[] {
  const s = item.scale;
  if (!s || s.step !== 1) return [];
  return Array.from({ length: s.max - s.min + 1 }, (_, i) => s.min + i)
    .filter((v) => v <= 9)
    .map(String);
}

/** The scopes of an item's keys: a scale's, or a written answer's, then going back. */
function questionScopes(item: Item): Scope[] {
  return [item.kind === 'text' ? 'answer' : 'rating', 'questionnaire'];
}

/** The free-text answer being typed, with its cursor. */
function AnswerBox({ value, cursor, width }: { value: string; cursor: number; width: number }) {
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
      </Text>
      <Text color={theme.text.muted}>enter sends your answer</Text>
    </Box>
  );
}
