/**
 * Charts in Unicode for the terminal (and, uncoloured, for Markdown code blocks):
 * horizontal bars with eighth-block precision, stacked share bars, and a scatter grid.
 */
import type { ChalkInstance } from 'chalk';
import stringWidth from 'string-width';
import type { BarChart, Chart, ScatterChart, StackedChart } from './document.ts';
import { pct } from './format.ts';

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `fraction` × `width` cells, to the nearest eighth of a cell. */
export function bar(fraction: number, width: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - stringWidth(s)));
const padStart = (s: string, w: number) => ' '.repeat(Math.max(0, w - stringWidth(s))) + s;

type Paint = (s: string) => string;
const palette = (c: ChalkInstance): Paint[] => [
  c.cyan,
  c.magenta,
  c.yellow,
  c.green,
  c.blue,
  c.red,
];

function barChart(chart: BarChart, c: ChalkInstance, width: number): string[] {
  const labelW = Math.max(...chart.groups.map((g) => stringWidth(g.label)));
  const seriesW = Math.max(...chart.series.map((s) => stringWidth(s)));
  const barW = Math.max(10, Math.min(50, width - labelW - seriesW - 12));
  const colours = palette(c);
  const out: string[] = [];
  for (const g of chart.groups) {
    g.values.forEach((v, i) => {
      const label = i === 0 ? pad(g.label, labelW) : ' '.repeat(labelW);
      const value =
        v === null
          ? c.dim('–')
          : `${colours[i % colours.length]!(pad(bar(v / chart.max, barW), barW))} ${padStart(pct(v / chart.max), 5)}`;
      out.push(`${label}  ${pad(chart.series[i] ?? '', seriesW)} ${value}`.trimEnd());
    });
  }
  return out;
}

const SHADES = ['█', '▓', '▒', '░', '·', '#'];

function stackedChart(chart: StackedChart, c: ChalkInstance, width: number): string[] {
  const labelW = Math.max(...chart.rows.map((r) => stringWidth(r.label)));
  const barW = Math.max(20, Math.min(60, width - labelW - 4));
  const colours = palette(c);
  const paint = (i: number, s: string) =>
    colours[i % colours.length]!(s.replace(/./g, SHADES[i % SHADES.length]!));
  const out = chart.rows.map((row) => {
    // Largest-remainder rounding, so the segments fill the bar exactly.
    const raw = row.values.map((v) => v * barW);
    const cells = raw.map(Math.floor);
    const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
    const total = row.values.reduce((a, b) => a + b, 0);
    for (let k = 0; total > 0 && cells.reduce((a, b) => a + b, 0) < barW && k < order.length; k++)
      cells[order[k]![1]]!++;
    return `${pad(row.label, labelW)}  ${cells.map((n, i) => paint(i, ' '.repeat(n))).join('')}`;
  });
  out.push(
    `${' '.repeat(labelW)}  ${chart.parts.map((p, i) => `${paint(i, ' ')} ${p}`).join('  ')}`,
  );
  return out;
}

const MARKS = '123456789abcdefghijklmnopqrstuvwxyz';

function scatterChart(chart: ScatterChart, c: ChalkInstance, width: number): string[] {
  const W = Math.max(20, Math.min(60, width - 12));
  const H = 12;
  const grid: string[][] = Array.from({ length: H }, () => Array.from({ length: W }, () => ' '));
  const fx = (x: number) =>
    Math.round(((x - chart.x.min) / (chart.x.max - chart.x.min || 1)) * (W - 1));
  const fy = (y: number) =>
    H - 1 - Math.round(((y - chart.y.min) / (chart.y.max - chart.y.min || 1)) * (H - 1));
  if (chart.diagonal)
    for (let col = 0; col < W; col++) {
      const y = chart.y.min + ((chart.y.max - chart.y.min) * col) / (W - 1);
      const row = fy(y);
      if (row >= 0 && row < H) grid[row]![col] = c.dim('·');
    }
  const labelled = chart.points.length <= MARKS.length;
  const hits = new Map<string, number>();
  chart.points.forEach((p, i) => {
    const key = `${fy(p.y)},${fx(p.x)}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    let mark = labelled ? MARKS[i]! : '●';
    if (hits.get(key)! > 1) mark = '*';
    grid[fy(p.y)]![fx(p.x)] = c.bold.cyan(mark);
  });
  const fmt = (v: number, kind: 'score' | 'num') => (kind === 'score' ? pct(v) : v.toFixed(0));
  const yTop = fmt(chart.y.max, chart.y.kind);
  const yBottom = fmt(chart.y.min, chart.y.kind);
  const axisW = Math.max(yTop.length, yBottom.length);
  const axisLabels = new Map([
    [0, yTop],
    [H - 1, yBottom],
  ]);
  const out = grid.map((row, i) => `${padStart(axisLabels.get(i) ?? '', axisW)} ┤${row.join('')}`);
  out.push(`${' '.repeat(axisW)} └${'─'.repeat(W)}`);
  const xMin = fmt(chart.x.min, chart.x.kind);
  const xMax = fmt(chart.x.max, chart.x.kind);
  out.push(`${' '.repeat(axisW + 2)}${xMin}${padStart(xMax, W - xMin.length)}`);
  out.push(`${' '.repeat(axisW + 2)}x: ${chart.x.label}   y: ${chart.y.label}`);
  if (labelled && chart.points.length)
    out.push(
      ...legend(
        chart.points.map((p, i) => `${c.bold.cyan(MARKS[i]!)} ${p.label}`),
        width,
      ),
    );
  if ([...hits.values()].some((n) => n > 1)) out.push(c.dim('* several points in one cell'));
  return out;
}

function legend(items: string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && stringWidth(line) + stringWidth(item) + 3 > width) {
      lines.push(line);
      line = '';
    }
    line += (line ? '   ' : '') + item;
  }
  if (line) lines.push(line);
  return lines;
}

export function renderTextChart(chart: Chart, c: ChalkInstance, width = 80): string[] {
  let body: string[];
  if (chart.type === 'bars') body = barChart(chart, c, width);
  else if (chart.type === 'stacked') body = stackedChart(chart, c, width);
  else body = scatterChart(chart, c, width);
  return [c.bold(chart.title), ...body];
}
