/** The HTML report: one self-contained file (inline CSS and SVG; no scripts, fonts or links to fetch). */
import type { ReportDoc, Table } from './document.ts';
import { displayCell, isNumeric } from './format.ts';
import { esc, renderSvgChart } from './svg-charts.ts';

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:1000px;padding:0 1rem;color:#222}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dl.meta dt{color:#666}dl.meta dd{margin:0}
table{border-collapse:collapse;margin:.8rem 0}caption{text-align:left;font-weight:600;padding-bottom:.3rem}
th,td{padding:.25rem .7rem;border-bottom:1px solid #e4e4e4}th{background:#f5f5f5;text-align:left}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}tr.total td{font-weight:600;border-top:2px solid #bbb}
p.note{color:#666;font-size:.9em}svg.chart{display:block;margin:.8rem 0;max-width:100%;height:auto;font-size:12px}
svg .grid{stroke:#e6e6e6}svg .frame{fill:none;stroke:#bbb}svg .tick{fill:#777;font-size:11px}svg .axis{fill:#444}
svg .inbar{fill:#fff;font-size:11px}svg .value{fill:#444;font-size:11px}svg .diagonal{stroke:#999;stroke-dasharray:4 4}
svg .point{fill-opacity:.8;stroke:#fff}svg .label{fill:#333;font-size:11px}
figure{margin:1.2rem 0}figcaption{font-weight:600}
`;

function htmlTable(table: Table): string {
  const head = table.columns
    .map((c) => `<th scope="col"${isNumeric(c) ? ' class="num"' : ''}>${esc(c.label)}</th>`)
    .join('');
  const totals = table.totalRows ?? 0;
  const rows = table.rows
    .map((r, i) => {
      const cells = table.columns
        .map(
          (c, j) =>
            `<td${isNumeric(c) ? ' class="num"' : ''}>${esc(displayCell(r[j] ?? null, c))}</td>`,
        )
        .join('');
      return `<tr${i >= table.rows.length - totals ? ' class="total"' : ''}>${cells}</tr>`;
    })
    .join('\n');
  const note = table.note ? `\n<p class="note">${esc(table.note)}</p>` : '';
  return `<table id="table-${esc(table.id)}">\n<caption>${esc(table.title)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>${note}`;
}

/** `text` may hold `code` spans in backticks: escaped, then marked up. */
const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

export function renderHtml(doc: ReportDoc): string {
  const meta = doc.meta.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  const sections = doc.sections
    .map((s) =>
      [
        `<section id="${esc(s.id)}">`,
        `<h2>${esc(s.title)}</h2>`,
        ...(s.text ? [`<p>${prose(s.text)}</p>`] : []),
        ...s.tables.map(htmlTable),
        ...s.charts.map(
          (c) =>
            `<figure id="figure-${esc(c.id)}">\n<figcaption>${esc(c.title)}</figcaption>\n${renderSvgChart(c)}\n</figure>`,
        ),
        '</section>',
      ].join('\n'),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(doc.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${esc(doc.title)}</h1>
<dl class="meta">${meta}</dl>
${sections}
</body>
</html>
`;
}
