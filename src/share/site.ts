/**
 * A folder of recordings as a static site: one HTML replay per recording and an index of them
 * all (scenario, agent, end, scores, turns), sortable and filterable to failures, self-contained
 * like each replay (no network), to put on any static host or open from disk.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { errorMessage } from '../contracts/errors.ts';
import { readRecording } from '../session/recording.ts';
import { reduceAll } from '../store/reducer.ts';
import { fmtBackend, fmtScore } from '../text/format.ts';
import { cleanStrings } from '../text/text.ts';
import { renderHtml } from './html.ts';
import { esc } from './html-panes.ts';

interface Row {
  page: string;
  scenario: string;
  title: string;
  agent: string;
  end: string;
  proc: number | undefined;
  comp: number | undefined;
  turns: number;
}

/** Every recording below `dir` (a results folder, its recordings/ folder, or any tree of them). */
function recordingsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue;
    const file = path.join(entry.parentPath, entry.name);
    // results.jsonl and other line files are not recordings: only files that read as one are kept.
    if (entry.name !== 'results.jsonl') out.push(file);
  }
  return out.sort();
}

/** A run failed when it did not resolve or left an intent or check unmet. */
const failed = (r: Row) =>
  r.end !== 'resolved' || r.proc !== 1 || (r.comp !== undefined && r.comp !== 1);

function indexPage(rows: Row[], dir: string): string {
  const body = rows
    .map((r) => {
      const cls = failed(r) ? ' class="failed"' : '';
      return (
        `<tr${cls}><td><a href="${encodeURI(r.page)}">${esc(r.scenario)}</a><div class="t">${esc(r.title)}</div></td>` +
        `<td>${esc(r.agent)}</td><td>${esc(r.end)}</td><td class="n">${fmtScore(r.proc)}</td>` +
        `<td class="n">${fmtScore(r.comp)}</td><td class="n">${r.turns}</td></tr>`
      );
    })
    .join('\n');
  const failures = rows.filter(failed).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>intentplay recordings: ${esc(path.basename(path.resolve(dir)))}</title>
<style>
:root{--bg:#fff;--fg:#1f2328;--muted:#6e7781;--line:#d0d7de;--bad:#cf222e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--bad:#f85149}}
body{margin:0;padding:14px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:18px;margin:0 0 6px}p{color:var(--muted);margin:0 0 10px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{cursor:pointer;user-select:none}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.t{color:var(--muted);font-size:12px;overflow-wrap:anywhere}a{color:inherit}tr.failed td:nth-child(3){color:var(--bad);font-weight:600}
body.only-failed tr:not(.failed):not(.head){display:none}
</style></head><body>
<h1>intentplay recordings</h1>
<p>${rows.length} recording${rows.length === 1 ? '' : 's'}, ${failures} not fully met (not resolved, or Proc or Comp below 1).
<label><input type="checkbox" id="failed"> only those</label> · click a column to sort</p>
<table><thead><tr class="head"><th>scenario</th><th>agent</th><th>end</th><th class="n">Proc</th><th class="n">Comp</th><th class="n">turns</th></tr></thead>
<tbody>
${body}
</tbody></table>
<script>
document.getElementById('failed').addEventListener('change', (e) => document.body.classList.toggle('only-failed', e.target.checked));
document.querySelectorAll('th').forEach((th, col) => th.addEventListener('click', () => {
  const tbody = document.querySelector('tbody');
  const key = (tr) => { const t = tr.children[col].textContent; const n = Number(t); return Number.isNaN(n) || t === '' ? t : n; };
  const rows = [...tbody.rows];
  const up = th.dataset.dir !== 'up';
  rows.sort((a, b) => (key(a) > key(b) ? 1 : key(a) < key(b) ? -1 : 0) * (up ? 1 : -1));
  th.dataset.dir = up ? 'up' : 'down';
  rows.forEach((r) => tbody.appendChild(r));
}));
</script>
</body></html>
`;
}

/** Writes the site into `out`; returns how many replays it wrote and the files it passed over (not recordings). */
export function exportSite(dir: string, out: string): { written: number; skipped: string[] } {
  const files = recordingsUnder(dir);
  if (!files.length)
    throw new UserError(`${dir}: no recordings (.jsonl) in this folder or below it`);
  try {
    mkdirSync(out, { recursive: true });
  } catch (err) {
    throw new UserError(`${out}: cannot make the folder: ${errorMessage(err)}`);
  }
  const rows: Row[] = [];
  const skipped: string[] = [];
  const used = new Set<string>();
  for (const file of files) {
    let recording;
    try {
      recording = cleanStrings(readRecording(file));
    } catch {
      // Other line files (a study's log, annotations) live beside recordings: passed over, and said.
      skipped.push(file);
      continue;
    }
    const state = reduceAll(recording.events);
    const agent = fmtBackend(recording.header.backends?.agent);
    let page = path.basename(file, '.jsonl') + '.html';
    for (let i = 2; used.has(page); i++) page = `${path.basename(file, '.jsonl')}-${i}.html`;
    used.add(page);
    writeFileSync(path.join(out, page), renderHtml([{ label: agent, events: recording.events }]));
    rows.push({
      page,
      scenario: recording.header.scenario,
      title: recording.header.title,
      agent,
      end: state.end?.end ?? (recording.complete ? 'unknown' : 'interrupted'),
      proc: state.scores?.proc ?? undefined,
      comp: state.scores?.comp ?? undefined,
      turns: state.end?.turns ?? state.turn,
    });
  }
  if (!rows.length)
    throw new UserError(
      `${dir}: no intentplay recordings among its ${files.length} .jsonl file(s)`,
    );
  writeFileSync(path.join(out, 'index.html'), indexPage(rows, dir));
  return { written: rows.length, skipped };
}

/** Whether a path names a folder (export of a folder makes a site). */
export const isFolder = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
