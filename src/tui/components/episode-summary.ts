/**
 * The last result card of a run of several sessions (an episode, a chain): how each session
 * ended with its Proc and Comp, then the run's totals, as a person reads them at the end.
 */
import { sessionComp, sessionProc } from '../../contracts/session-scores.ts';
import { fmtScore } from '../../text/format.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import type { SessionSummary } from '../../store/state.ts';
import type { Theme } from '../theme.ts';

/** `1 turn`, `3 turns`. */
export const turnsText = (n: number): string => `${n} turn${n === 1 ? '' : 's'}`;

/** A session's scores count in the totals unless it has none or its judging failed. */
const isResult = (s: SessionSummary): boolean => Boolean(s.scores) && s.end !== 'judge_failed';

/** The mean, or none (–) with nothing to average. */
const meanOrNone = (values: number[]): number | null =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;

/** The totals of a run: how many sessions resolved, the mean Proc and Comp, the turns. */
export function runTotals(sessions: readonly SessionSummary[]): string {
  const results = sessions.filter(isResult);
  const resolved = sessions.filter((s) => s.end === 'resolved').length;
  // Means of the exact scores (a session's are rounded to three digits), rounded when shown.
  const proc = meanOrNone(results.map((s) => sessionProc(s.scores!)));
  const comp = meanOrNone(
    results.flatMap((s) => {
      const c = sessionComp(s.scores!);
      return c === null ? [] : [c];
    }),
  );
  const turns = sessions.reduce((n, s) => n + (s.scores?.turns ?? 0), 0);
  return `${resolved} of ${sessions.length} resolved · mean Proc ${fmtScore(proc)} · mean Comp ${fmtScore(comp)} · ${turnsText(turns)}`;
}

const isBad = (end: SessionSummary['end']) => end === 'error' || end === 'judge_failed';

export function episodeLines(
  name: string,
  sessions: readonly SessionSummary[],
  theme: Theme,
  cols: number,
): Line[] {
  const of = sessions.length;
  const each = sessions.flatMap((s, i): Line[] => [
    ...wrapWithPrefix(
      [{ text: `  ${i + 1}/${of} `, bold: true }],
      `${s.scenario} · ${s.title}`,
      cols,
    ),
    [
      { text: '      ' },
      {
        text: s.end,
        bold: true,
        color: isBad(s.end) ? theme.level.error : theme.check.pass.color,
      },
      {
        text: `  Proc ${fmtScore(s.scores?.proc)} · Comp ${fmtScore(s.scores?.comp)}`,
      },
      { text: ` · ${turnsText(s.scores?.turns ?? 0)}`, color: theme.text.secondary },
    ],
  ]);
  return [
    [
      { text: `${name} ended`, bold: true, color: theme.text.accent },
      { text: ` · ${of} sessions`, color: theme.text.secondary },
    ],
    [],
    ...each,
    ...wrapWithPrefix([{ text: '  In all: ', bold: true }], runTotals(sessions), cols, {
      bold: true,
    }),
  ];
}
