/** What `intentplay study …` does (docs/study.md). */
import { questionnaireSummary } from '../../study/question-tables.ts';
import { UserError } from '../../contracts/diagnostics.ts';
import { prepareTerminalApp } from '../terminal-app.ts';
import { assignSessions, blockSize } from '../../study/design.ts';
import { loadStudy } from '../../study/load.ts';

export interface StudyFlags {
  participant?: string;
  participants?: string;
  out?: string;
  data?: string;
  format?: string;
  version?: string;
  anonymise?: boolean;
  yes?: boolean;
}

/** What the design does beyond the square of conditions: counterbalanced scenario order, randomised assignment. */
function designNote(study: ReturnType<typeof loadStudy>): string {
  if (study.design.type === 'within')
    return study.design.scenario_order === 'counterbalanced'
      ? ', scenario order counterbalanced'
      : ', scenarios in the listed order';
  return study.design.assignment === 'random'
    ? ', conditions randomised in blocks'
    : ', conditions in turn';
}

export function validateStudy(file: string, flags: StudyFlags): void {
  const study = loadStudy(file);
  const conditions = Object.keys(study.conditions);
  const block = blockSize(study);
  const n = flags.participants !== undefined ? Number(flags.participants) : block;
  if (!Number.isInteger(n) || n < 1)
    throw new UserError(
      `--participants ${flags.participants}: expected a whole number of 1 or more`,
    );
  const out = process.stdout;
  out.write(`${file}: ok — ${study.title}\n`);
  out.write(
    `${study.design.type}-subjects, ${conditions.length} condition${conditions.length === 1 ? '' : 's'} (${conditions.join(', ')}), ${study.scenarios.length} scenario${study.scenarios.length === 1 ? '' : 's'}, seed ${study.design.seed}${designNote(study)}; a complete counterbalancing block is ${block} participant${block === 1 ? '' : 's'}\n`,
  );
  for (let p = 0; p < n; p++)
    out.write(
      `  participant #${p + 1}: ${assignSessions(study, p)
        .map((s) => `${s.scenario} (${s.condition})`)
        .join(' → ')}\n`,
    );
  for (const line of questionnaireSummary(study)) out.write(`${line}\n`);
}

export async function runStudy(file: string, flags: StudyFlags): Promise<void> {
  // Before Ink loads: with CI=true it would draw nothing until exit, even on a terminal.
  prepareTerminalApp();
  const { runStudyApp } = await import('./study-run.ts');
  await runStudyApp(file, flags);
}

export async function withdraw(file: string, id: string, flags: StudyFlags): Promise<void> {
  const { planWithdrawal, withdrawParticipant } = await import('../../study/withdraw.ts');
  const study = loadStudy(file);
  const plan = planWithdrawal(study, flags.data, id);
  if (!flags.yes) {
    // Deleting a participant cannot be undone: say what goes, and ask.
    if (!process.stdin.isTTY)
      throw new UserError(
        `withdraw ${id} would delete ${plan.files.length} files under ${plan.dir}; pass --yes to confirm without a terminal`,
      );
    process.stdout.write(`${plan.files.map((f) => `  ${f}\n`).join('')}`);
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(
      `Delete these ${plan.files.length} files of ${id}? This cannot be undone. [y/N] `,
    );
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      process.stdout.write(`nothing deleted\n`);
      return;
    }
  }
  const { deleted, dir } = withdrawParticipant(study, flags.data, id);
  process.stdout.write(
    `withdrew ${id}: deleted ${deleted.length} file${deleted.length === 1 ? '' : 's'} under ${dir}\n`,
  );
  for (const f of deleted) process.stdout.write(`  ${f}\n`);
}

export async function status(file: string, flags: StudyFlags): Promise<void> {
  const { dataDirOf, readStudyData } = await import('../../study/data.ts');
  const { statusText } = await import('../../study/status.ts');
  const study = loadStudy(file);
  const dir = dataDirOf(study, flags.data);
  process.stdout.write(statusText(dir, readStudyData(study, dir)));
}

export async function exportStudy(file: string, flags: StudyFlags): Promise<void> {
  const { exportStudyData } = await import('../../study/export.ts');
  const study = loadStudy(file);
  const written = exportStudyData(study, flags.data, flags.out!, {
    version: flags.version,
    anonymise: flags.anonymise,
  });
  process.stdout.write(
    `wrote ${written.length} files to ${flags.out}:\n${written.map((f) => `  ${f}\n`).join('')}`,
  );
}

export async function reportStudy(file: string, flags: StudyFlags): Promise<void> {
  const { studyReport } = await import('../../study/report.ts');
  const format = flags.format ?? 'text';
  if (!['text', 'md', 'html'].includes(format))
    throw new UserError(`--format ${format}: expected text, md or html`);
  const study = loadStudy(file);
  const text = studyReport(study, flags.data, format as 'text' | 'md' | 'html', flags.version);
  if (flags.out) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(flags.out, text);
    process.stdout.write(`wrote ${flags.out}\n`);
  } else process.stdout.write(text);
}
