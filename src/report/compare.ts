/**
 * `intentplay compare A B`. Two results folders: per-scenario deltas of Proc, Comp and
 * turns (B − A). Two recordings of one scenario: the sessions side by side, turn by turn,
 * both reduced through the store's reducer (the proactive-vs-reactive demo).
 */
import { CHECK_SYMBOLS, INTENT_LEGEND, INTENT_SYMBOLS } from '../session/marks.ts';
import { permissionLine, planLine } from '../session/agent-activity-text.ts';
import path from 'node:path';
import stringWidth from 'string-width';
import type { RunRecord } from '../batch/summary.ts';
import { mean } from '../judge/scores.ts';
import type { Recording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import type { SessionState, TurnState } from '../store/state.ts';
import { turnState } from '../store/selectors.ts';

/** A tool call's mark by its state (still running: pending). */
const TOOL_MARKS: Readonly<Record<string, string>> = {
  ok: CHECK_SYMBOLS.pass,
  error: CHECK_SYMBOLS.fail,
};
/** A file change's mark (modified: ~). */
const CHANGE_MARKS: Readonly<Record<string, string>> = { added: '+', deleted: '-' };
import { fmtArgs, fmtBackend } from '../text/format.ts';
import { truncate, wrap } from '../text/text.ts';
import { groupBy } from './columns.ts';
import { sessionComp, sessionProc } from '../contracts/session-scores.ts';
import type { CellValue, ReportDoc } from './document.ts';
import { loadRuns } from './report.ts';

// ---- two results folders

const meanOrNull = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? mean(v) : null;
};
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);

/** A folder holding both normal and --no-deps runs of a scenario lists them apart. */
function scenarioKey(runs: readonly RunRecord[]): (r: RunRecord) => string {
  const mixed = runs.some((r) => r.deps === false) && runs.some((r) => r.deps !== false);
  return (r) => (mixed && r.deps === false ? `${r.scenario} (no deps)` : r.scenario);
}

export function compareFolders(dirA: string, dirB: string): ReportDoc {
  const a = loadRuns([dirA]).runs;
  const b = loadRuns([dirB]).runs;
  let [nameA, nameB] = [path.basename(path.resolve(dirA)), path.basename(path.resolve(dirB))];
  if (nameA === nameB) [nameA, nameB] = [`A: ${nameA}`, `B: ${nameB}`];
  const byA = groupBy(a, scenarioKey(a));
  const byB = groupBy(b, scenarioKey(b));
  const keys = [...new Set([...byA.keys(), ...byB.keys()])].sort();
  const m = (rs: RunRecord[] | undefined, f: (r: RunRecord) => number | null) =>
    rs ? meanOrNull(rs.map(f)) : null;
  const rows: CellValue[][] = [];
  const procBars: { label: string; values: (number | null)[] }[] = [];
  const line = (label: string, ra: RunRecord[] | undefined, rb: RunRecord[] | undefined) => {
    const [pa, pb, ca, cb, ta, tb] = [
      m(ra, sessionProc),
      m(rb, sessionProc),
      m(ra, sessionComp),
      m(rb, sessionComp),
      m(ra, (r) => r.turns),
      m(rb, (r) => r.turns),
    ];
    rows.push([
      label,
      ra?.length ?? 0,
      rb?.length ?? 0,
      pa,
      pb,
      diff(pa, pb),
      ca,
      cb,
      diff(ca, cb),
      ta,
      tb,
      diff(ta, tb),
    ]);
    return [pa, pb];
  };
  for (const k of keys) procBars.push({ label: k, values: line(k, byA.get(k), byB.get(k)) });
  // Overall over the scenarios both folders ran, so a missing scenario does not skew the delta.
  const shared = keys.filter((k) => byA.has(k) && byB.has(k));
  line(
    `overall (${shared.length} shared)`,
    shared.flatMap((k) => byA.get(k)!),
    shared.flatMap((k) => byB.get(k)!),
  );
  const col = (
    key: string,
    label: string,
    kind: 'text' | 'int' | 'score' | 'delta' | 'num' | 'numDelta',
  ) => ({ key, label, kind });
  return {
    title: `intentplay compare: ${nameA} vs ${nameB}`,
    meta: [
      ['A', `${path.relative(process.cwd(), path.resolve(dirA)) || '.'} (${a.length} runs)`],
      ['B', `${path.relative(process.cwd(), path.resolve(dirB)) || '.'} (${b.length} runs)`],
    ],
    sections: [
      {
        id: 'deltas',
        title: 'Per-scenario deltas',
        text: 'Means over each folder\'s runs of a scenario (%); Δ is B − A. A scenario only one folder ran shows "–" for the other and no delta.',
        tables: [
          {
            id: 'deltas',
            title: 'Proc, Comp and turns: A, B and B − A',
            columns: [
              col('scenario', 'scenario', 'text'),
              col('runs_a', 'runs A', 'int'),
              col('runs_b', 'runs B', 'int'),
              col('proc_a', 'Proc A', 'score'),
              col('proc_b', 'Proc B', 'score'),
              col('proc_delta', 'Δ Proc', 'delta'),
              col('comp_a', 'Comp A', 'score'),
              col('comp_b', 'Comp B', 'score'),
              col('comp_delta', 'Δ Comp', 'delta'),
              col('turns_a', 'turns A', 'num'),
              col('turns_b', 'turns B', 'num'),
              col('turns_delta', 'Δ turns', 'numDelta'),
            ],
            rows,
            totalRows: 1,
          },
        ],
        charts: [
          {
            type: 'bars',
            id: 'deltas-chart',
            title: 'Proc by scenario',
            series: [nameA, nameB],
            groups: procBars,
            max: 1,
          },
        ],
      },
    ],
  };
}

// ---- two recordings, side by side

const STATUS_MARK = INTENT_SYMBOLS;

export interface SessionSide {
  file: string;
  recording: Recording;
  state: SessionState;
}

export function sideOf(recording: Recording): SessionSide {
  return { file: recording.file, recording, state: reduceAll(recording.events) };
}

/** One side's heading: scenario, agent backend, and the final scores. */
export function sideTitle(side: SessionSide): string[] {
  const s = side.state;
  const scores = s.scores
    ? `Proc ${s.scores.proc.toFixed(2)}  Comp ${s.scores.comp === null ? '–' : s.scores.comp.toFixed(2)}  turns ${s.scores.turns}`
    : 'no scores (incomplete recording)';
  return [`${path.basename(side.file)}`, `agent ${fmtBackend(s.scenario?.backends.agent)}`, scores];
}

/** What happened in one turn, as plain lines wrapped to `cols`. */
export function turnLines(turn: TurnState | undefined, cols: number): string[] {
  if (!turn) return ['(no such turn)'];
  const out: string[] = [];
  for (const item of turn.items) {
    if (item.kind === 'message') {
      const who = item.role === 'agent' || item.role === 'event' ? item.role : 'user';
      const lines = wrap(item.text || '(empty)', Math.max(8, cols - 7));
      out.push(...lines.map((l, i) => `${i ? '       ' : `${who.padEnd(5)}: `}${l}`));
    } else if (item.kind === 'tool') {
      const mark = TOOL_MARKS[item.state] ?? CHECK_SYMBOLS.pending;
      out.push(truncate(`  ${mark} ${item.name} ${fmtArgs(item.args, cols)}`, cols));
    } else if (item.kind === 'proposal')
      out.push(
        ...wrap(`  ? ${item.id}: ${item.summary}${item.verdict ? ` (${item.verdict})` : ''}`, cols),
      );
    else if (item.kind === 'plan')
      out.push(...item.entries.map((e) => truncate(`  ${planLine(e)}`, cols)));
    else if (item.kind === 'permission') out.push(...wrap(`  ⚿ ${permissionLine(item)}`, cols));
    else out.push(...wrap(`  ! ${item.text}`, cols));
  }
  for (const f of turn.files)
    out.push(
      truncate(
        `  ${CHANGE_MARKS[f.change] ?? '~'} ${f.path} (+${f.additions} -${f.deletions})`,
        cols,
      ),
    );
  for (const c of turn.changes)
    out.push(
      ...wrap(
        `${STATUS_MARK[c.to]} ${c.intent} ${c.to} (${c.cause}${c.detail ? `: ${c.detail}` : ''})`,
        cols - 4,
      ).map((l, i) => (i ? `    ${l}` : `  ${l}`)),
    );
  return out;
}

/** Intent statuses at the end of the session, one line each. */
export function intentLines(state: SessionState, cols: number): string[] {
  return state.intents.map((i) => {
    const st = state.intentStates[i.id]?.status ?? 'open';
    return truncate(`${STATUS_MARK[st]} ${i.id} ${st.padEnd(10)} ${i.text}`, cols);
  });
}

export function maxTurn(...sides: SessionSide[]): number {
  return Math.max(0, ...sides.map((s) => s.state.turns.at(-1)?.turn ?? 0));
}

const padTo = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - stringWidth(s)));

function columns(left: string[], right: string[], colW: number): string[] {
  const n = Math.max(left.length, right.length);
  return Array.from({ length: n }, (_, i) =>
    `${padTo(left[i] ?? '', colW)} │ ${right[i] ?? ''}`.trimEnd(),
  );
}

/** The plain-text side by side (for pipes and files). */
export function sideBySideText(a: SessionSide, b: SessionSide, width = 120): string {
  if (a.recording.header.scenario !== b.recording.header.scenario)
    process.stderr.write(
      `note: comparing different scenarios (${a.recording.header.scenario} and ${b.recording.header.scenario})\n`,
    );
  const colW = Math.max(20, Math.floor((width - 3) / 2));
  const out: string[] = [`${a.recording.header.scenario}: ${a.recording.header.title}`, ''];
  out.push(
    ...columns(sideTitle(a), sideTitle(b), colW),
    '═'.repeat(colW) + '═╪═' + '═'.repeat(colW),
  );
  for (let t = 1; t <= maxTurn(a, b); t++) {
    out.push(
      `── turn ${t} ${'─'.repeat(Math.max(0, colW - 8 - String(t).length))}┼${'─'.repeat(colW + 1)}`,
    );
    const [ta, tb] = [turnState(a.state, t), turnState(b.state, t)];
    out.push(...columns(ta ? turnLines(ta, colW) : [], tb ? turnLines(tb, colW) : [], colW));
  }
  out.push(
    '═'.repeat(colW) + '═╪═' + '═'.repeat(colW),
    ...columns(intentLines(a.state, colW), intentLines(b.state, colW), colW),
  );
  out.push('', INTENT_LEGEND, '');
  return out.join('\n');
}
