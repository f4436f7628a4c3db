/**
 * `intentplay export`: a recording as an HTML replay, an asciicast, an animated SVG or a
 * Markdown transcript. Every format replays the recorded events through the one reducer.
 */
import { UserError } from '../contracts/diagnostics.ts';
import { readRecording, type Recording } from '../session/recording.ts';
import { forkPoint } from '../fork/branches.ts';
import { fmtBackend } from '../text/format.ts';
import { cleanStrings } from '../text/text.ts';
import { DEFAULT_CAST, renderCast, type CastOptions } from './cast.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import { DARK, LIGHT, renderSvg } from './svg.ts';
import { EXPORT_FORMATS, type ExportFormat } from './formats.ts';

export interface ExportOptions {
  format: ExportFormat;
  /** A second recording shown beside the first (html). */
  vs?: string | undefined;
  cols?: number | undefined;
  rows?: number | undefined;
  paceMs?: number | undefined;
  present?: boolean | undefined;
  /** svg and png: a still picture of the screen at the end of this turn. */
  at?: number | undefined;
  /** cast, svg and md: only turns `from` to `to`. */
  from?: number | undefined;
  to?: number | undefined;
  /** svg and png: `light` for print (dark text on white). */
  theme?: 'dark' | 'light' | undefined;
}

export const MIN_CAST = { cols: 60, rows: 16 } as const;

export function parseFormat(value: string): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw new UserError(`unknown export format "${value}": use one of ${EXPORT_FORMATS.join(', ')}`);
}

const agentOf = (r: Recording) => fmtBackend(r.header.backends?.agent);

function forkLabels(point: { turn: number; fork: 'a' | 'b' }): string[] {
  const fork = `fork at turn ${point.turn}`;
  return point.fork === 'a' ? [fork, 'parent'] : ['parent', fork];
}

/** The recording `--vs` names, refused when it is not a session of the same scenario. */
function sameScenario(a: Recording, file: string): Recording {
  const b = readRecording(file);
  if (b.header.scenario !== a.header.scenario)
    throw new UserError(
      `--vs ${file}: a session of ${b.header.scenario}, not ${a.header.scenario}; --vs compares two sessions of one scenario`,
    );
  return b;
}

/** Refuses options the chosen format does not take, naming them. */
function checkOptions(o: ExportOptions): void {
  const only = (flag: string, given: unknown, formats: ExportFormat[]) => {
    if (given !== undefined && given !== false && !formats.includes(o.format))
      throw new UserError(
        `${flag} works with --format ${formats.join(' or ')} (got --format ${o.format})`,
      );
  };
  only('--vs', o.vs, ['html']);
  only('--present', o.present, ['cast', 'svg', 'png']);
  only('--at', o.at, ['svg', 'png']);
  only('--from', o.from, ['cast', 'svg', 'md']);
  only('--to', o.to, ['cast', 'svg', 'md']);
  only('--theme', o.theme, ['svg', 'png']);
  if (o.at !== undefined && (o.from !== undefined || o.to !== undefined))
    throw new UserError(
      '--at is one still picture; --from and --to choose a range of turns: give one or the other',
    );
  if (o.from !== undefined && o.to !== undefined && o.from > o.to)
    throw new UserError(`--from ${o.from} is after --to ${o.to}`);
}

/** The exported file's text (every format but png, which is `exportPng`). */
export function exportRecording(file: string, o: ExportOptions): string {
  checkOptions(o);
  // A recording holds text others wrote (scenario files, agents): no control sequence reaches an export.
  const recording = cleanStrings(readRecording(file));
  const cast: CastOptions = {
    cols: o.cols ?? (o.present ? 120 : DEFAULT_CAST.cols),
    rows: o.rows ?? (o.present ? 40 : DEFAULT_CAST.rows),
    paceMs: o.paceMs ?? DEFAULT_CAST.paceMs,
    present: Boolean(o.present),
    title: `${recording.header.scenario} · ${recording.header.title} (${agentOf(recording)})`,
    from: o.from,
    to: o.to,
  };
  if (cast.cols < MIN_CAST.cols || cast.rows < MIN_CAST.rows)
    throw new UserError(
      `--size ${cast.cols}x${cast.rows} is too small: at least ${MIN_CAST.cols}x${MIN_CAST.rows}`,
    );
  switch (o.format) {
    case 'html': {
      const other = o.vs !== undefined ? sameScenario(recording, o.vs) : undefined;
      // A fork beside its parent: named so, and opened at the turn where they part.
      const point = other && forkPoint(recording, other);
      const labels = point ? forkLabels(point) : ['A', 'B'];
      const sessions = [
        { label: other ? labels[0]! : agentOf(recording), events: recording.events },
      ];
      if (other) sessions.push({ label: labels[1]!, events: cleanStrings(other.events) });
      return renderHtml(sessions, point ? { start: point.turn } : {});
    }
    case 'cast':
      return renderCast(recording.events, cast);
    case 'svg':
    case 'png': {
      const palette = o.theme === 'light' ? LIGHT : DARK;
      // A PNG is one picture: the end of the session unless --at names a turn.
      const at = o.format === 'png' ? (o.at ?? 'end') : o.at;
      return renderSvg(recording.events, { ...cast, palette, at });
    }
    case 'md':
      return renderMarkdown(recording.events, { from: o.from, to: o.to });
  }
}

/** A still picture as PNG bytes: the SVG of `--at` (or the last turn), drawn by resvg. */
export async function exportPng(file: string, o: ExportOptions): Promise<Buffer> {
  const { svgToPng } = await import('./png.ts');
  return svgToPng(exportRecording(file, { ...o, format: 'png' }));
}
