/** `intentplay export RECORDING --format html|cast|svg|md [--out FILE]`: share a recording. */
import type { Command } from 'commander';
import type { ExportFlags } from '../actions/export.ts';
import { EXPORT_FORMATS } from '../../share/formats.ts';
import { positiveInt } from '../options.ts';

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
    .action(async (file: string, flags: ExportFlags) => (await import('../actions/export.ts')).exportCommand(file, flags));
}
