/** Charts as inline SVG for the HTML report: no scripts, no external assets. */
import type { BarChart, Chart, ScatterChart, StackedChart } from './document.ts';
import { pct } from './format.ts';

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const COLOURS = ['#2b8cbe', '#e6550d', '#31a354', '#756bb1', '#de2d26', '#636363'];
const n = (x: number) => Number(x.toFixed(1));

function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" ${attrs}>${esc(s)}</text>`;
}

function legend(items: string[], x: number, y: number): string {
  let cx = x;
  return items
    .map((label, i) => {
      const item = `<rect x="${n(cx)}" y="${n(y - 9)}" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/>${text(cx + 14, y, label)}`;
      cx += 24 + label.length * 7;
      return item;
    })
    .join('');
}

function svg(id: string, title: string, w: number, h: number, body: string): string {
  return `<svg id="${esc(id)}" class="chart" role="img" aria-label="${esc(title)}" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>${body}</svg>`;
}

function bars(chart: BarChart): string {
  const labelW = Math.min(220, 20 + Math.max(...chart.groups.map((g) => g.label.length)) * 7);
  const barH = 16;
  const plotW = 420;
  const groupH = chart.series.length * (barH + 3) + 10;
  const top = 28;
  const h = top + chart.groups.length * groupH + 24;
  const w = labelW + plotW + 60;
  let body = legend(chart.series, labelW, 16);
  for (let tick = 0; tick <= 4; tick++) {
    const x = labelW + (plotW * tick) / 4;
    body += `<line x1="${n(x)}" y1="${top - 4}" x2="${n(x)}" y2="${h - 20}" class="grid"/>${text(x, h - 6, pct((chart.max * tick) / 4), 'text-anchor="middle" class="tick"')}`;
  }
  chart.groups.forEach((g, gi) => {
    const y0 = top + gi * groupH;
    body += text(labelW - 8, y0 + (groupH - 10) / 2 + 4, g.label, 'text-anchor="end"');
    g.values.forEach((v, si) => {
      const y = y0 + si * (barH + 3);
      if (v === null) return void (body += text(labelW + 4, y + barH - 4, '–', 'class="tick"'));
      const bw = (Math.max(0, Math.min(chart.max, v)) / chart.max) * plotW;
      body += `<rect class="bar" x="${labelW}" y="${n(y)}" width="${n(bw)}" height="${barH}" fill="${COLOURS[si % COLOURS.length]}"><title>${esc(`${g.label} · ${chart.series[si]}: ${pct(v / chart.max)}`)}</title></rect>`;
      body += text(labelW + bw + 4, y + barH - 4, pct(v / chart.max), 'class="value"');
    });
  });
  return svg(chart.id, chart.title, w, h, body);
}

function stacked(chart: StackedChart): string {
  const labelW = Math.min(220, 20 + Math.max(...chart.rows.map((r) => r.label.length)) * 7);
  const plotW = 460;
  const barH = 20;
  const top = 28;
  const h = top + chart.rows.length * (barH + 8) + 8;
  let body = legend(chart.parts, labelW, 16);
  chart.rows.forEach((row, ri) => {
    const y = top + ri * (barH + 8);
    body += text(labelW - 8, y + barH - 5, row.label, 'text-anchor="end"');
    let x = labelW;
    row.values.forEach((v, i) => {
      const w = v * plotW;
      if (w <= 0) return;
      body += `<rect class="bar" x="${n(x)}" y="${y}" width="${n(w)}" height="${barH}" fill="${COLOURS[i % COLOURS.length]}"><title>${esc(`${row.label} · ${chart.parts[i]}: ${pct(v)}%`)}</title></rect>`;
      if (w > 34)
        body += text(x + w / 2, y + barH - 6, pct(v), 'text-anchor="middle" class="inbar"');
      x += w;
    });
  });
  return svg(chart.id, chart.title, labelW + plotW + 20, h, body);
}

function scatter(chart: ScatterChart): string {
  const left = 56;
  const top = 16;
  const plotW = 380;
  const plotH = 260;
  const sx = (x: number) => left + ((x - chart.x.min) / (chart.x.max - chart.x.min || 1)) * plotW;
  const sy = (y: number) =>
    top + plotH - ((y - chart.y.min) / (chart.y.max - chart.y.min || 1)) * plotH;
  const fmt = (v: number, kind: 'score' | 'num') =>
    kind === 'score' ? pct(v) : Number(v.toFixed(1)).toString();
  let body = `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" class="frame"/>`;
  for (let tick = 0; tick <= 4; tick++) {
    const xv = chart.x.min + ((chart.x.max - chart.x.min) * tick) / 4;
    const yv = chart.y.min + ((chart.y.max - chart.y.min) * tick) / 4;
    body += `<line x1="${n(sx(xv))}" y1="${top}" x2="${n(sx(xv))}" y2="${top + plotH}" class="grid"/>${text(sx(xv), top + plotH + 14, fmt(xv, chart.x.kind), 'text-anchor="middle" class="tick"')}`;
    body += `<line x1="${left}" y1="${n(sy(yv))}" x2="${left + plotW}" y2="${n(sy(yv))}" class="grid"/>${text(left - 6, sy(yv) + 4, fmt(yv, chart.y.kind), 'text-anchor="end" class="tick"')}`;
  }
  if (chart.diagonal) {
    const lo = Math.max(chart.x.min, chart.y.min);
    const hi = Math.min(chart.x.max, chart.y.max);
    body += `<line class="diagonal" x1="${n(sx(lo))}" y1="${n(sy(lo))}" x2="${n(sx(hi))}" y2="${n(sy(hi))}"/>`;
  }
  // Points in the same place are drawn once and named together. Few points: names on the
  // chart; many: hovering names each one.
  const spots = new Map<string, { x: number; y: number; labels: string[] }>();
  for (const p of chart.points) {
    const key = `${Math.round(sx(p.x))},${Math.round(sy(p.y))}`;
    const spot = spots.get(key) ?? { x: p.x, y: p.y, labels: [] };
    spot.labels.push(p.label);
    spots.set(key, spot);
  }
  const labelled = spots.size <= 12;
  const above: { x: number; y: number }[] = [];
  for (const p of spots.values()) {
    const names = p.labels.join(', ');
    const [cx, cy] = [sx(p.x), sy(p.y)];
    body += `<circle class="point" cx="${n(cx)}" cy="${n(cy)}" r="5" fill="${COLOURS[0]}"><title>${esc(`${names}: ${chart.x.label} ${fmt(p.x, chart.x.kind)}, ${chart.y.label} ${fmt(p.y, chart.y.kind)}`)}</title></circle>`;
    if (!labelled) continue;
    const right = cx > left + plotW * 0.6;
    // A neighbour at about the same height already has its name above: put this one below.
    const below = above.some((q) => Math.abs(q.y - cy) < 12 && Math.abs(q.x - cx) < 130);
    if (!below) above.push({ x: cx, y: cy });
    body += text(
      cx + (right ? -8 : 8),
      below ? cy + 17 : cy - 7,
      names,
      `class="label" text-anchor="${right ? 'end' : 'start'}"`,
    );
  }
  body += text(
    left + plotW / 2,
    top + plotH + 32,
    chart.x.label,
    'text-anchor="middle" class="axis"',
  );
  body += text(
    14,
    top + plotH / 2,
    chart.y.label,
    `text-anchor="middle" class="axis" transform="rotate(-90 14 ${top + plotH / 2})"`,
  );
  return svg(chart.id, chart.title, left + plotW + 20, top + plotH + 44, body);
}

export function renderSvgChart(chart: Chart): string {
  if (chart.type === 'bars') return bars(chart);
  return chart.type === 'stacked' ? stacked(chart) : scatter(chart);
}
