/**
 * What a question shows under its text: a rating scale's points and anchors, or a list of
 * options (one or several to choose, a ranking, a preference between two sessions) with the
 * highlighted one marked; and the line that says what the answer is so far.
 */
import type { Theme } from '../../theme.ts';
import type { Line, Seg } from '../../../text/text.ts';
import type { Item } from '../../../study/questionnaire.ts';

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
  const tick = (i: number) => (i % 2 === 0 ? '|' : '-');
  const bar = Array.from({ length: cells + 1 }, (_, i) => (i === at ? '●' : tick(i))).join('');
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

/** Where a list item stands while it is answered: the highlighted row, and a ranking's picked-up option. */
export interface ListState {
  cursor: number;
  held: boolean;
}

/** The options in the order a ranking shows them now (its answer so far), else as listed. */
export function listOrder(item: Item, value: unknown): number[] {
  const codes = item.options!.map((o) => o.code);
  return item.kind === 'ranking' && Array.isArray(value) ? (value as number[]) : codes;
}

/** A tick box for several answers, a round button for one. */
function boxOf(multiple: boolean, on: boolean): string {
  if (multiple) return on ? '[x]' : '[ ]';
  return on ? '(•)' : '( )';
}

function chosenOf(value: unknown): number[] {
  if (Array.isArray(value)) return value as number[];
  return typeof value === 'number' ? [value] : [];
}

/** Before the highlighted option: › , or ⇅ while it is held to be moved. */
function cursorMark(here: boolean, held: boolean | undefined): string {
  if (!here) return '   ';
  return held ? ' ⇅ ' : ' › ';
}

/** One line per option, the highlighted one marked, then what is chosen so far. */
export function listLines(item: Item, value: unknown, list: ListState, theme: Theme): Line[] {
  const byCode = new Map(item.options!.map((o) => [o.code, o.label]));
  const chosen = chosenOf(value);
  const ranking = item.kind === 'ranking';
  const rows = listOrder(item, value).map((code, i): Line => {
    const here = i === list.cursor;
    const mark = ranking ? `${i + 1}.` : boxOf(Boolean(item.multiple), chosen.includes(code));
    const label = ranking ? byCode.get(code)! : `${code}  ${byCode.get(code)!}`;
    return [
      { text: cursorMark(here, list.held), color: theme.text.accent, bold: true },
      { text: `${mark} `, bold: !ranking && chosen.includes(code) },
      {
        text: label,
        ...(here ? { inverse: true, color: theme.text.accent } : {}),
      },
    ];
  });
  const words = (codes: number[]) => codes.join(', ');
  let status: string;
  if (ranking)
    status = list.held
      ? '  ↑/↓ move it, space puts it down'
      : '  1. is your first choice · space picks up the highlighted one';
  else if (!chosen.length)
    status = item.multiple
      ? '  (nothing ticked yet: space or an option’s number ticks it)'
      : '  (not answered yet: ↑/↓ or an option’s number)';
  else status = `  your answer: ${words(chosen)}`;
  return [...rows, [{ text: '' }], [{ text: status, color: theme.text.muted }]];
}
