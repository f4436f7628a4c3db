/**
 * pages.csv: when each page of the participant's path came on screen and when it left, from the
 * study log's `step` lines: consent, instructions, the questionnaires, each session's ready page
 * and the session itself, the debrief (thanks) and the excluded page.
 */
import type { LogLine, ParticipantData } from './data.ts';
import { col, type Cell, type Table } from './table.ts';

/** Log lines that end the page on screen: the next page, a stop, the end of the study, a new run (after a crash). */
const ENDS = new Set(['step', 'stop', 'finished', 'excluded_seen', 'run_start']);

function leftBy(end: LogLine | undefined): string {
  if (!end) return 'run_ended';
  return end.type === 'step' ? 'next' : end.type;
}

export function pagesTable(data: ParticipantData[]): Table {
  const rows: Cell[][] = [];
  for (const p of data) {
    let open: LogLine | undefined;
    const close = (end: LogLine | undefined) => {
      if (!open) return;
      const step = open.step as { kind: string; session?: number };
      const sameRun = end && end.run === open.run && end.type !== 'run_start';
      rows.push([
        p.state.participant,
        step.kind,
        step.session !== undefined ? step.session + 1 : null,
        open.run,
        open.wall,
        sameRun ? end.wall : null,
        sameRun ? end.mono - open.mono : null,
        leftBy(sameRun ? end : undefined),
      ]);
      open = undefined;
    };
    for (const l of p.log) {
      if (ENDS.has(l.type)) close(l);
      if (l.type === 'step') open = l;
    }
    close(undefined);
  }
  return {
    file: 'pages.csv',
    about:
      "one row per page of the participant's path each time it came on screen (a resumed run shows its page again)",
    columns: [
      col('participant', 'text', 'participant code'),
      col(
        'page',
        'text',
        'consent, instructions, before (questions before the sessions), ready (the page before a session), session, questionnaire (questions after a session), final, thanks (the debrief), excluded (screened out by the checks)',
      ),
      col('session', 'integer', 'the session (from 1) for ready, session and questionnaire'),
      col('run', 'integer', 'which run of `study run` (0 first, then one more per resume)'),
      col('shown', 'datetime', 'onset: when the page came on screen (UTC)'),
      col('left', 'datetime', 'when it left the screen (UTC); missing: the run ended on it'),
      col('duration_ms', 'number', 'how long it was on screen (monotonic)'),
      col(
        'left_by',
        'text',
        'next (the participant went on), stop (ctrl+c), finished, excluded_seen (the excluded page was left), run_ended (the run stopped without a record: a crash)',
      ),
    ],
    rows,
  };
}
