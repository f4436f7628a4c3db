/** The terminal and Markdown renderings of a report. */
import type { ChalkInstance } from 'chalk';
import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import type { ReportDoc, Table } from './document.ts';
import { displayCell, isNumeric } from './format.ts';
import { inertMarkdown } from '../text/markdown-safe.ts';
import { renderTextChart } from './text-charts.ts';

export function textTable(table: Table, c: ChalkInstance): string[] {
  const cells = table.rows.map((row) =>
    table.columns.map((col, i) => displayCell(row[i] ?? null, col)),
  );
  const widths = table.columns.map((col, i) =>
    Math.max(stringWidth(col.label), ...cells.map((r) => stringWidth(r[i]!))),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const gap = ' '.repeat(widths[i]! - stringWidth(cell));
        return isNumeric(table.columns[i]!) ? gap + cell : cell + gap;
      })
      .join('  ')
      .trimEnd();
  const rule = c.dim(widths.map((w) => '─'.repeat(w)).join('  '));
  const body = cells.map(line);
  const totals = table.totalRows ?? 0;
  const out = [
    c.bold(line(table.columns.map((col) => col.label))),
    rule,
    ...body.slice(0, body.length - totals),
  ];
  if (totals) out.push(rule, ...body.slice(body.length - totals).map((l) => c.bold(l)));
  if (table.note) out.push(c.dim(table.note));
  return out;
}

export function renderTerminal(
  doc: ReportDoc,
  opts: { chalk?: ChalkInstance; width?: number } = {},
): string {
  const c = opts.chalk ?? new Chalk();
  const width = opts.width ?? 100;
  const out: string[] = [c.bold.underline(doc.title), ''];
  const keyW = Math.max(...doc.meta.map(([k]) => k.length));
  for (const [k, v] of doc.meta) out.push(`${c.dim(k.padEnd(keyW))}  ${v}`);
  for (const section of doc.sections) {
    if (section.detail) continue;
    out.push('', c.bold.cyan(`■ ${section.title}`));
    if (section.text) out.push(c.dim(wrapAnsi(section.text, width, { hard: true })));
    for (const table of section.tables) out.push('', ...textTable(table, c));
    for (const chart of section.charts) out.push('', ...renderTextChart(chart, c, width));
  }
  if (doc.sections.some((s) => s.detail))
    out.push('', c.dim('Per-run rows: --format markdown, csv or html.'));
  out.push('');
  return out.join('\n');
}

// A cell stays one cell: its pipes escaped, its line ends spaces.
const mdEscape = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** A text block Markdown shows as is: fenced by more backticks than any run of them inside. */
function fenced(lines: string[]): string[] {
  const longest = Math.max(
    2,
    ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))),
  );
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, ...lines, fence];
}

export function markdownTable(table: Table): string[] {
  const row = (cells: string[]) => `| ${cells.map(mdEscape).join(' | ')} |`;
  const totals = table.totalRows ?? 0;
  const out = [
    row(table.columns.map((c) => c.label)),
    `|${table.columns.map((c) => (isNumeric(c) ? ' ---: ' : ' --- ')).join('|')}|`,
  ];
  table.rows.forEach((r, i) => {
    const cells = table.columns.map((col, j) => displayCell(r[j] ?? null, col));
    out.push(row(i >= table.rows.length - totals ? cells.map((x) => (x ? `**${x}**` : x)) : cells));
  });
  if (table.note) out.push('', `_${table.note}_`);
  return out;
}

/**
 * The report as Markdown. Names in it come from results files and scenarios others wrote: no
 * text outside the charts' text blocks becomes a link or HTML where the Markdown is shown.
 */
export function renderMarkdown(doc: ReportDoc): string {
  const plain = new Chalk({ level: 0 });
  const out: string[] = [];
  const prose = (...lines: string[]) => out.push(...lines.map(inertMarkdown));
  prose(`# ${doc.title}`, '', ...doc.meta.map(([k, v]) => `- **${k}**: ${v}`));
  for (const section of doc.sections) {
    prose('', `## ${section.title}`, '');
    if (section.text) prose(section.text, '');
    for (const table of section.tables) prose(...markdownTable(table), '');
    for (const chart of section.charts) out.push(...fenced(renderTextChart(chart, plain, 80)), '');
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
