/** `intentplay export RECORDING --format html|cast|svg|md [--out FILE]`: share a recording. */
import type { Command } from 'commander';
import type { ExportFlags } from '../actions/export.ts';
import { EXPORT_FORMATS } from '../../share/formats.ts';
import { positiveInt } from '../options.ts';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'share a recording: a web replay (html), an asciicast (cast), an animated or still SVG (svg), a still PNG (png) or a Markdown transcript (md)',
    )
    .argument('<recording>', 'a recording (.jsonl)')
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--out <file>', 'write here (default: standard output)')
    .option('--vs <recording>', 'html: a second recording replayed beside the first (A vs B)')
    .option(
      '--size <cols>x<rows>',
      'cast and svg: the screen size (default 120x36; 120x40 with --present)',
    )
    .option(
      '--pace <ms>',
      'cast and svg: time per step in ms (a message stays 1–4 steps by length; default 1000)',
      positiveInt,
    )
    .option(
      '--present',
      'cast, svg and png: the presentation screen (conversation, intents, callouts) instead of the four panes',
    )
    .option(
      '--at <turn>',
      'svg and png: one still picture, the screen at the end of this turn (png default: the last turn)',
    )
    .option('--from <turn>', 'cast, svg and md: start at this turn')
    .option('--to <turn>', 'cast, svg and md: stop after this turn')
    .option('--theme <theme>', 'svg and png: dark (default, as the terminal) or light (for print)')
    .action(async (file: string, flags: ExportFlags) =>
      (await import('../actions/export.ts')).exportCommand(file, flags),
    );
}
