/** The home screen's Details pane: what the picked scenario, episode or recording holds. */
import type { EpisodeEntry, RecordingEntry, ScenarioEntry } from '../../home-data.ts';
import { fmtScore } from '../../../text/format.ts';
import type { Theme } from '../../theme.ts';
import { wrapWithPrefix, type Line } from '../../../text/text.ts';

/** What the list says of a scenario that is not a plain conversation. */
export const PARADIGM_BADGE: Record<NonNullable<ScenarioEntry['paradigm']>, [string, string]> = {
  time: ['⏱ time', 'time scenario: the world changes while the user waits (ctrl+n lets time pass)'],
  proposals: ['◇ proposals', 'proposal scenario: the user is busy in the apps; the agent proposes'],
};

export type Item =
  | {
      kind: 'entry';
      library: string;
      persona: string;
      entry: EpisodeEntry | ScenarioEntry;
      header?: Line[];
    }
  | { kind: 'recording'; rec: RecordingEntry };

/** Who a person was in a recorded session. */
function modeText(mode: 'watch' | 'play' | 'agent', takenOverAfter: number | undefined): string {
  if (mode === 'play') return 'play (a person was the user)';
  if (mode === 'agent') return 'play as agent (a person was the agent)';
  if (takenOverAfter === undefined) return 'watch';
  return `watch, then a person took over the user after turn ${takenOverAfter}`;
}

/** Lines for `rows` rows: when they do not fit, the last row says how many are left out. */
export function markOverflow(lines: Line[], rows: number, theme: Theme): Line[] {
  if (lines.length <= rows) return lines;
  const kept = lines.slice(0, Math.max(0, rows - 1));
  const more = `… ${lines.length - kept.length} more lines`;
  return [...kept, [{ text: more, color: theme.text.muted }]];
}

export function detailLines(
  item: Item | undefined,
  cols: number,
  theme: Theme,
  why: { loading: boolean; filtered: boolean },
): Line[] {
  if (!item) {
    let text = 'Nothing to show: the library is empty. Pass --library DIR, or see docs.';
    if (why.loading) text = 'Reading the library…';
    else if (why.filtered) text = 'Nothing matches the filter (esc clears it).';
    return wrapWithPrefix([], text, cols, { color: theme.text.muted });
  }
  const kv = (k: string, v: string, color?: string): Line[] =>
    wrapWithPrefix([{ text: `${k}: `, color: theme.text.muted }], v, cols, { color });
  if (item.kind === 'recording') {
    const r = item.rec.summary;
    return [
      ...(r.title ? wrapWithPrefix([], r.title, cols, { bold: true }) : []),
      ...(r.scenario ? kv('scenario', r.scenario) : []),
      ...(r.mode ? kv('mode', modeText(r.mode, r.takenOverAfter)) : []),
      ...(r.backends ? kv('backends', r.backends) : []),
      ...(r.started
        ? kv('started', r.started)
        : kv('modified', new Date(item.rec.mtimeMs).toLocaleString())),
      ...(r.end
        ? kv(
            'ended',
            r.end === 'interrupted' ? 'interrupted (no session_end: the run was stopped)' : r.end,
          )
        : []),
      ...(r.proc !== undefined
        ? kv('scores', `Proc ${fmtScore(r.proc)} · Comp ${fmtScore(r.comp)}`)
        : []),
      ...kv('recording', item.rec.file),
    ];
  }
  const e = item.entry;
  if (e.kind === 'episode')
    return [
      [{ text: `episode ${e.id}`, bold: true }],
      ...(e.title ? kv('title', e.title) : []),
      ...kv('persona', item.persona),
      // Named within the persona (its line above): a whole id would break mid-word when narrow.
      ...kv('sessions', e.sessions.map((id) => id.replace(`${item.persona}/`, '')).join(' → ')),
      [{ text: '' }],
      ...wrapWithPrefix(
        [],
        'An episode runs its sessions in order in one workspace and memory.',
        cols,
        { color: theme.text.muted },
      ),
    ];
  return [
    ...wrapWithPrefix([], e.title, cols, { bold: true }),
    ...kv('id', e.id),
    ...kv(
      `trigger (${e.trigger.kind}${e.trigger.source ? ` from ${e.trigger.source}` : ''})`,
      e.trigger.text,
    ),
    ...(e.paradigm ? kv('kind', PARADIGM_BADGE[e.paradigm][1]) : []),
    ...kv('hidden intents', String(e.intents)),
    ...kv('checklist items', String(e.checklist)),
    ...kv(
      'depends on',
      e.dependsOn.length ? e.dependsOn.join(', ') + ' (run first, same workspace)' : 'nothing',
    ),
    ...kv('max turns', String(e.maxTurns ?? 30)),
    ...kv(
      'scripted trajectories',
      e.references.length
        ? e.references.join(', ')
        : 'none (script agent replies “(end of script)”)',
    ),
  ];
}
