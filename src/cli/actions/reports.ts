/** What `intentplay report`, `merge` and `compare` do. */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareTerminalApp } from '../terminal-app.ts';
import { mergeResults } from '../../batch/merge.ts';
import { finishedShards } from '../../batch/shard-env.ts';
import { UserError } from '../../contracts/diagnostics.ts';
import { readRecording } from '../../session/recording.ts';
import { compareFolders, sideBySideText, sideOf } from '../../report/compare.ts';
import { renderCsvFiles } from '../../report/render-csv.ts';
import { parseFormat, renderDoc, reportOn, type ReportFormat } from '../../report/report.ts';
import { renderRunTable } from '../../report/run-table.ts';

export interface OutputFlags {
  format?: string;
  output?: string;
}

/** Writes a rendered report to --output, or stdout. Without --format, the file's extension picks it. */
function emit(render: (format: ReportFormat) => string, flags: OutputFlags): void {
  const byExt: Record<string, ReportFormat> = {
    '.md': 'markdown',
    '.csv': 'csv',
    '.html': 'html',
    '.htm': 'html',
  };
  const format = flags.format
    ? parseFormat(flags.format)
    : (flags.output && byExt[path.extname(flags.output).toLowerCase()]) || 'terminal';
  const text = render(format);
  if (flags.output) {
    // A file gets no colour codes.
    writeFileSync(flags.output, format === 'terminal' ? text.replace(/\x1b\[[0-9;]*m/g, '') : text); // eslint-disable-line no-control-regex
    process.stderr.write(`wrote ${flags.output}\n`);
  } else process.stdout.write(text);
}

const width = () => process.stdout.columns || 100;

/** An existing folder, or a path written as one (`out/`). */
const isFolderTarget = (p: string) =>
  /[\\/]$/.test(p) || (existsSync(p) && statSync(p).isDirectory());

export function reportCommand(dirs: string[], flags: OutputFlags & { library?: string }): void {
  const doc = reportOn(dirs, flags.library ? { library: flags.library } : {});
  if (flags.output && isFolderTarget(flags.output)) {
    if (flags.format && flags.format !== 'csv')
      throw new UserError(
        `--output ${flags.output}: a folder takes one CSV file per table; use --format csv, or name a file`,
      );
    const files = renderCsvFiles(doc);
    mkdirSync(flags.output, { recursive: true });
    for (const f of files) writeFileSync(path.join(flags.output, f.name), f.text);
    process.stderr.write(
      `wrote ${files.length} CSV files to ${flags.output}: ${files.map((f) => f.name).join(', ')}\n`,
    );
    return;
  }
  emit((format) => renderDoc(doc, format, { width: width() }), flags);
}

export function mergeCommand(dirs: string[], flags: { out?: string; json?: boolean }): void {
  // One shared folder that `run --shard auto` filled is merged into itself, once every shard is done.
  const shards = !flags.out && dirs.length === 1 ? finishedShards(dirs[0]!) : undefined;
  const out = flags.out ?? (shards ? dirs[0]! : undefined);
  if (!out)
    throw new UserError(
      'merge: give --out DIR (the merged folder), or one shared folder that `run --shard auto` filled',
    );
  const { records, summary } = mergeResults(shards ?? dirs, out);
  if (flags.json) {
    const runs = records.map((r) =>
      r.recording
        ? { ...r, recording: path.relative(process.cwd(), path.resolve(out, r.recording)) }
        : r,
    );
    process.stdout.write(JSON.stringify({ runs, summary }) + '\n');
  } else process.stdout.write(renderRunTable(records, summary));
}

export async function compareCommand(a: string, b: string, flags: OutputFlags): Promise<void> {
  const kind = (p: string) => {
    if (!existsSync(p)) throw new UserError(`${p}: no such file or folder`);
    return statSync(p).isDirectory() ? 'folder' : 'recording';
  };
  const [ka, kb] = [kind(a), kind(b)];
  if (ka !== kb)
    throw new UserError('compare two results folders, or two recordings (not one of each)');
  if (ka === 'folder') {
    const doc = compareFolders(a, b);
    return emit((format) => renderDoc(doc, format, { width: width() }), flags);
  }
  if (flags.format || flags.output)
    throw new UserError(
      '--format and --output apply to comparing results folders; two recordings are shown side by side',
    );
  const [left, right] = [sideOf(readRecording(a)), sideOf(readRecording(b))];
  if (process.stdout.isTTY && process.stdin.isTTY) {
    prepareTerminalApp();
    const { showCompareView } = await import('../../tui/screens/CompareView.tsx');
    await showCompareView(left, right);
  } else process.stdout.write(sideBySideText(left, right, width()));
}
