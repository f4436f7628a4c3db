/** `intentplay export RECORDING --format html|cast|svg|md [--out FILE]`: share a recording. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../scenario/diagnostics.ts';
import { EXPORT_FORMATS } from '../../share/formats.ts';
import { positiveInt } from '../options.ts';

interface ExportFlags {
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

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('share a recording: a web replay (html), an asciicast (cast), an animated SVG (svg) or a Markdown transcript (md)')
    .argument('<recording>', 'a recording (.jsonl)')
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--out <file>', 'write here (default: standard output)')
    .option('--vs <recording>', 'html: a second recording replayed beside the first (A vs B)')
    .option('--size <cols>x<rows>', 'cast and svg: the screen size (default 120x36; 120x40 with --present)')
    .option('--pace <ms>', 'cast and svg: time per step in ms (a message stays 1–4 steps by length; default 1000)', positiveInt)
    .option('--present', 'cast and svg: the presentation screen (conversation, intents, callouts) instead of the four panes')
    .action(async (file: string, flags: ExportFlags) => {
      // Loaded on use: the exporters draw with the TUI's theme, which loads React, and React
      // must not load before a full-screen command picks its production build.
      const { exportRecording, parseFormat } = await import('../../share/export.ts');
      const size = flags.size ? parseSize(flags.size) : undefined;
      const text = exportRecording(file, { format: parseFormat(flags.format), vs: flags.vs, cols: size?.cols, rows: size?.rows, paceMs: flags.pace, present: flags.present });
      if (!flags.out) {
        process.stdout.write(text);
        return;
      }
      try {
        writeFileSync(flags.out, text);
      } catch (err) {
        throw new UserError(`${flags.out}: cannot write: ${(err as Error).message}`);
      }
      process.stderr.write(`wrote ${path.relative(process.cwd(), flags.out) || flags.out}\n`);
    });
}
