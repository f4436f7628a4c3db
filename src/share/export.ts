/**
 * `intentplay export`: a recording as an HTML replay, an asciicast, an animated SVG or a
 * Markdown transcript. Every format replays the recorded events through the one reducer.
 */
import { UserError } from '../contracts/diagnostics.ts';
import { readRecording, type Recording } from '../session/recording.ts';
import { fmtBackend } from '../text/format.ts';
import { cleanStrings } from '../text/text.ts';
import { DEFAULT_CAST, renderCast, type CastOptions } from './cast.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import { renderSvg } from './svg.ts';
import { EXPORT_FORMATS, type ExportFormat } from './formats.ts';

export interface ExportOptions {
  format: ExportFormat;
  /** A second recording shown beside the first (html). */
  vs?: string | undefined;
  cols?: number | undefined;
  rows?: number | undefined;
  paceMs?: number | undefined;
  present?: boolean | undefined;
}

export const MIN_CAST = { cols: 60, rows: 16 } as const;

export function parseFormat(value: string): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw new UserError(`unknown export format "${value}": use one of ${EXPORT_FORMATS.join(', ')}`);
}

const agentOf = (r: Recording) => fmtBackend(r.header.backends?.agent);

/** The recording `--vs` names, refused when it is not a session of the same scenario. */
function sameScenario(a: Recording, file: string): Recording {
  const b = readRecording(file);
  if (b.header.scenario !== a.header.scenario)
    throw new UserError(
      `--vs ${file}: a session of ${b.header.scenario}, not ${a.header.scenario}; --vs compares two sessions of one scenario`,
    );
  return b;
}

/** The exported file's text. */
export function exportRecording(file: string, o: ExportOptions): string {
  // A recording holds text others wrote (scenario files, agents): no control sequence reaches an export.
  const recording = cleanStrings(readRecording(file));
  if (o.vs !== undefined && o.format !== 'html') throw new UserError(`--vs works with --format html (got --format ${o.format})`);
  if (o.present && o.format !== 'cast' && o.format !== 'svg')
    throw new UserError(`--present shapes a cast or svg (got --format ${o.format})`);
  const cast: CastOptions = {
    cols: o.cols ?? (o.present ? 120 : DEFAULT_CAST.cols),
    rows: o.rows ?? (o.present ? 40 : DEFAULT_CAST.rows),
    paceMs: o.paceMs ?? DEFAULT_CAST.paceMs,
    present: Boolean(o.present),
    title: `${recording.header.scenario} · ${recording.header.title} (${agentOf(recording)})`,
  };
  if (cast.cols < MIN_CAST.cols || cast.rows < MIN_CAST.rows)
    throw new UserError(`--size ${cast.cols}x${cast.rows} is too small: at least ${MIN_CAST.cols}x${MIN_CAST.rows}`);
  switch (o.format) {
    case 'html': {
      const sessions = [{ label: o.vs !== undefined ? 'A' : agentOf(recording), events: recording.events }];
      if (o.vs !== undefined) sessions.push({ label: 'B', events: cleanStrings(sameScenario(recording, o.vs).events) });
      return renderHtml(sessions);
    }
    case 'cast':
      return renderCast(recording.events, cast);
    case 'svg':
      return renderSvg(recording.events, cast);
    case 'md':
      return renderMarkdown(recording.events);
  }
}
