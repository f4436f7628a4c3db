/** What `intentplay agreement` does: read annotation files, match the judge's labels, print the statistics. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { analyse, type SourcedRecord } from '../../agreement/analyse.ts';
import {
  AGREEMENT_FORMATS,
  renderAgreement,
  type AgreementFormat,
} from '../../agreement/render.ts';
import { readAnnotations } from '../../annotate/records.ts';
import { UserError } from '../../contracts/diagnostics.ts';
import { cleanStrings } from '../../text/text.ts';

export interface AgreementFlags {
  judge?: string[];
  format: string;
  seed: number;
  resamples: number;
}

const jsonlIn = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .map((n) => path.join(dir, n));

/** Annotation files named by `args`: files as they are; for a folder, the .jsonl files of its annotations/ (or recordings/annotations/) folder, else its own. */
export function annotationFiles(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (!existsSync(arg)) throw new UserError(`${arg}: no such file or folder`);
    if (!statSync(arg).isDirectory()) {
      out.push(arg);
      continue;
    }
    // A recordings folder keeps its answers in annotations/, a results folder in recordings/annotations/.
    const sub = [path.join(arg, 'annotations'), path.join(arg, 'recordings', 'annotations')].find(
      (d) => existsSync(d) && statSync(d).isDirectory(),
    );
    const files = jsonlIn(sub ?? arg);
    if (!files.length)
      throw new UserError(
        `${arg}: no annotation files (.jsonl) in this folder, its annotations/ or its recordings/annotations/ folder`,
      );
    out.push(...files);
  }
  return [...new Set(out)];
}

export async function agreementCommand(args: string[], flags: AgreementFlags): Promise<void> {
  if (!(AGREEMENT_FORMATS as readonly string[]).includes(flags.format))
    throw new UserError(
      `--format ${JSON.stringify(flags.format)}: expected one of ${AGREEMENT_FORMATS.join(', ')}`,
    );
  const files = annotationFiles(args);
  const records: SourcedRecord[] = files.flatMap((f) =>
    // Names and labels are others' text, shown in a terminal or a report.
    readAnnotations(f).map((r) => cleanStrings({ ...r, source: path.resolve(f) })),
  );
  const result = analyse(records, {
    files: files.map((f) => path.relative(process.cwd(), f) || f),
    judgeSources: flags.judge,
    seed: flags.seed,
    resamples: flags.resamples,
  });
  process.stdout.write(renderAgreement(result, flags.format as AgreementFormat));
}
