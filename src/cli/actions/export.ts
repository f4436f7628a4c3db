/** What `intentplay export` does: a recording as a web replay, asciicast, SVG or Markdown. */
import { errorMessage } from '../../contracts/errors.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { interruptedNote, readRecording } from '../../session/recording.ts';

export interface ExportFlags {
  format: string;
  out?: string;
  vs?: string;
  size?: string;
  pace?: number;
  present?: boolean;
  at?: string;
  from?: string;
  to?: string;
  theme?: string;
}

/** GitHub refuses a comment or issue body longer than this many characters. */
const GITHUB_LIMIT = 65_536;

function turnFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new UserError(`${flag} ${JSON.stringify(value)}: expected a turn number (0 or more)`);
  return n;
}

function themeFlag(value: string | undefined): 'dark' | 'light' | undefined {
  if (value === undefined || value === 'dark' || value === 'light') return value;
  throw new UserError(`--theme ${JSON.stringify(value)}: expected dark or light`);
}

function parseSize(value: string): { cols: number; rows: number } {
  const m = /^(\d+)x(\d+)$/.exec(value);
  if (!m)
    throw new UserError(`--size ${JSON.stringify(value)}: expected COLUMNSxROWS, e.g. 120x36`);
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

export async function exportCommand(file: string, flags: ExportFlags): Promise<void> {
  // Loaded on use: the exporters draw with the TUI's theme, which loads React, and React
  // must not load before a full-screen command picks its production build.
  const { exportPng, exportRecording, parseFormat } = await import('../../share/export.ts');
  const { exportSite, isFolder } = await import('../../share/site.ts');
  if (isFolder(file)) {
    if (flags.format !== 'html')
      throw new UserError(
        `${file} is a folder: a folder exports as a site, with --format html --out SITE-FOLDER`,
      );
    if (!flags.out)
      throw new UserError(
        `${file} is a folder: give --out SITE-FOLDER for its replays and their index`,
      );
    const { written: n, skipped } = exportSite(file, flags.out);
    if (skipped.length)
      process.stderr.write(
        `passed over ${skipped.length} file(s) that are not recordings: ${skipped.join(', ')}\n`,
      );
    process.stderr.write(
      `wrote ${n} replay${n === 1 ? '' : 's'} and ${path.join(path.relative(process.cwd(), flags.out) || '.', 'index.html')}\n`,
    );
    return;
  }
  const size = flags.size ? parseSize(flags.size) : undefined;
  const options = {
    format: parseFormat(flags.format),
    vs: flags.vs,
    cols: size?.cols,
    rows: size?.rows,
    paceMs: flags.pace,
    present: flags.present,
    at: turnFlag('--at', flags.at),
    from: turnFlag('--from', flags.from),
    to: turnFlag('--to', flags.to),
    theme: themeFlag(flags.theme),
  };
  if (options.format === 'png' && !flags.out && process.stdout.isTTY)
    throw new UserError(
      '--format png writes an image: give --out FILE.png (or redirect standard output)',
    );
  const text =
    options.format === 'png' ? await exportPng(file, options) : exportRecording(file, options);
  // The export shows what there is; the note says there was no end, so it is not taken for one.
  if (!readRecording(file).complete) process.stderr.write(`${interruptedNote(file)}\n`);
  if (options.format === 'md' && text.length > GITHUB_LIMIT)
    process.stderr.write(
      `note: this transcript has ${text.length.toLocaleString('en')} characters; GitHub takes at most ${GITHUB_LIMIT.toLocaleString('en')} in a comment or issue: choose turns with --from/--to, or attach the file\n`,
    );
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
