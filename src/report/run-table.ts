/** The readable table `intentplay run` prints when not --json. */
import type { RunRecord, Summary } from '../batch/summary.ts';
import { ungradedNote } from './ungraded.ts';

const STATUS_LETTER: Record<string, string> = {
  completed: 'C',
  inferred: 'I',
  provided: 'P',
  unresolved: 'U',
  open: 'O',
};

export function renderRunTable(runs: RunRecord[], summary: Summary): string {
  const rows = runs.map((r) => [
    r.scenario,
    String(r.repeat),
    r.end,
    String(r.turns),
    r.proc.toFixed(3),
    r.comp === null ? '–' : r.comp.toFixed(3),
    Object.values(r.intents)
      .map((s) => STATUS_LETTER[s] ?? '?')
      .join(''),
  ]);
  const header = ['scenario', 'rep', 'end', 'turns', 'proc', 'comp', 'intents'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line), ''];
  const fmt = (m: number | null, s: number | null) =>
    m === null ? '–' : `${m.toFixed(3)} ± ${(s ?? 0).toFixed(3)}`;
  out.push(
    `${summary.n} run(s)   Proc ${fmt(summary.proc_mean, summary.proc_std)}   Comp ${fmt(summary.comp_mean, summary.comp_std)}`,
  );
  for (const [p, s] of Object.entries(summary.by_persona))
    out.push(
      `  ${p}: n ${s.n}   Proc ${fmt(s.proc_mean, s.proc_std)}   Comp ${fmt(s.comp_mean, s.comp_std)}`,
    );
  const ungraded = ungradedNote(runs);
  if (ungraded) out.push(`comp: ${ungraded}`);
  out.push('intents: C completed, I inferred, P provided, U unresolved, O open', '');
  return out.join('\n');
}
