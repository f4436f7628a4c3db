/** What `intentplay export` does: a recording as a web replay, asciicast, SVG or Markdown. */
import { errorMessage } from '../../contracts/errors.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';

export interface ExportFlags {
  format: string;
  out?: string;
  vs?: string;
  size?: string;
  pace?: number;
  present?: boolean;
}

function parseSize(value: string): { cols: number; rows: number } {
  const m = /^(\d+)x(\d+)$/.exec(value);
  if (!m) throw new UserError(`--size ${JSON.stringify(value)}: expected COLUMNSxROWS, e.g. 120x36`);
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

export async function exportCommand(file: string, flags: ExportFlags): Promise<void> {
  // Loaded on use: the exporters draw with the TUI's theme, which loads React, and React
  // must not load before a full-screen command picks its production build.
  const { exportRecording, parseFormat } = await import('../../share/export.ts');
  const size = flags.size ? parseSize(flags.size) : undefined;
  const text = exportRecording(file, {
    format: parseFormat(flags.format),
    vs: flags.vs,
    cols: size?.cols,
    rows: size?.rows,
    paceMs: flags.pace,
    present: flags.present,
  });
  if (!flags.out) {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(flags.out, text);
  } catch (err) {
    throw new UserError(`${flags.out}: cannot write: ${errorMessage(err)}`);
  }
  process.stderr.write(`wrote ${path.relative(process.cwd(), flags.out) || flags.out}\n`);
}
