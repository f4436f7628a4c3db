/**
 * The home screen's list as lines: the library's personas with their episodes and scenarios, or
 * the recent recordings; what the filter matches each by, and what a narrowed list keeps.
 */
import type { HomeData, RecordingEntry } from '../../home-data.ts';
import { fmtScore } from '../../../text/format.ts';
import type { Theme } from '../../theme.ts';
import { lineWidth, truncate, type Line, type Seg } from '../../../text/text.ts';
import { PARADIGM_BADGE, type Item } from './details.ts';

export function libraryItems(data: HomeData, theme: Theme): { items: Item[]; problems: Line[] } {
  const items: Item[] = [];
  const problems: Line[] = [];
  for (const lib of data.libraries) {
    if (lib.problem)
      problems.push([
        { text: `${lib.label} library (${lib.root}): ${lib.problem}`, color: theme.level.warning },
      ]);
    for (const p of lib.personas) {
      p.entries.forEach((entry, i) => {
        const header: Line[] | undefined =
          i === 0
            ? [
                [
                  { text: p.id, bold: true, color: theme.text.accent },
                  {
                    text: `  ${[p.name, p.role].filter(Boolean).join(' — ')}`,
                    color: theme.text.secondary,
                  },
                  ...(data.libraries.length > 1
                    ? [{ text: `  (${lib.label})`, color: theme.text.muted }]
                    : []),
                ],
              ]
            : undefined;
        items.push({
          kind: 'entry',
          library: lib.root,
          persona: p.id,
          entry,
          ...(header ? { header } : {}),
        });
      });
    }
  }
  return { items, problems };
}

/** The most of the width the list takes for long recording lines; a pane's borders and gutter. */
export const LIST_MOST = 0.65;
export const LIST_FRAME = 3;

export function itemLines(item: Item, theme: Theme, selected: boolean): Line[] {
  const marker: Seg = { text: selected ? '› ' : '  ', color: theme.text.accent, bold: true };
  if (item.kind === 'recording') return [recordingLine(item.rec, marker, theme, selected)];
  const e = item.entry;
  const line: Line =
    e.kind === 'episode'
      ? [
          marker,
          { text: '▸ episode ', color: theme.role.event },
          { text: e.id, bold: true, inverse: selected },
          {
            text: `  ${e.sessions.length} sessions${e.title ? ` · ${e.title}` : ''}`,
            color: theme.text.secondary,
          },
        ]
      : [
          marker,
          { text: '  ' },
          { text: e.id, bold: true, inverse: selected },
          ...(e.paradigm
            ? [{ text: `  ${PARADIGM_BADGE[e.paradigm][0]}`, color: theme.level.info }]
            : []),
          { text: `  ${e.title}`, color: theme.text.secondary },
        ];
  return [...(item.header ?? []), line];
}

/** A recording: when, which scenario, how it was played, how it ended and its scores. */
function recordingLine(rec: RecordingEntry, marker: Seg, theme: Theme, selected: boolean): Line {
  const s = rec.summary;
  if (s.unreadable)
    return [
      marker,
      { text: rec.name, bold: selected, inverse: selected },
      { text: '  (unreadable)', color: theme.level.warning },
    ];
  const when = (s.started ?? new Date(rec.mtimeMs).toISOString()).replace('T', ' ').slice(5, 16);
  const scores =
    s.proc !== undefined ? ` · Proc ${fmtScore(s.proc)} · Comp ${fmtScore(s.comp)}` : '';
  return [
    marker,
    { text: `${when} `, color: theme.text.muted },
    { text: s.scenario ?? rec.name, bold: true, inverse: selected },
    {
      // A watch a person took over: "taken over" (the details say after which turn).
      text: ` · ${s.takenOverAfter === undefined ? s.mode : 'taken over'}`,
      color: theme.text.accent,
    },
    {
      text: ` · ${s.end}${scores}`,
      color:
        s.end === 'interrupted' || s.end === 'error' ? theme.level.warning : theme.text.secondary,
    },
  ];
}

/**
 * A recording's line still wider than the list (a long scenario name at 120 columns) gives up the
 * end of the scenario's name, so how it ended and its scores stay whole at the end of the line.
 */
export function keepScores(line: Line, cols: number): Line {
  const over = lineWidth(line) - cols;
  const name = line[RECORDING_NAME];
  if (over <= 0 || line.length !== RECORDING_SEGMENTS || !name) return line;
  const short = { ...name, text: truncate(name.text, Math.max(4, lineWidth([name]) - over)) };
  return line.map((seg, i) => (i === RECORDING_NAME ? short : seg));
}
const RECORDING_NAME = 2;
/** The column the list's window puts before each line (useBlockWindow). */
export const GUTTER = 1;
const RECORDING_SEGMENTS = 5;

/** The items that match, each persona's header on the first of its entries still shown. */
export function narrowed(all: readonly Item[], keep: (it: Item) => boolean, theme: Theme): Item[] {
  let persona = '';
  return all.filter(keep).map((it): Item => {
    if (it.kind !== 'entry') return it;
    const first = it.persona !== persona;
    persona = it.persona;
    const { header: _, ...rest } = it;
    return first
      ? {
          ...rest,
          header: it.header ?? [[{ text: it.persona, bold: true, color: theme.text.accent }]],
        }
      : rest;
  });
}

/** What the filter matches an item by: ids, titles, persona; a recording's file, scenario and title. */
export function itemText(item: Item): string {
  if (item.kind === 'recording')
    return `${item.rec.name} ${item.rec.summary.scenario ?? ''} ${item.rec.summary.title ?? ''} ${item.rec.summary.mode ?? ''}${item.rec.summary.takenOverAfter === undefined ? '' : ' taken over'}`;
  const e = item.entry;
  const kind = e.kind === 'episode' ? ' episode' : ` ${e.paradigm ?? ''}`;
  return `${e.id} ${e.title ?? ''} ${item.persona}${kind}`;
}
