/** What `intentplay annotate` does: find the annotator's work, then open the annotation screen on it. */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { appendAnnotation } from '../../annotate/records.ts';
import { answerRecord, prepareWork } from '../../annotate/work.ts';
import { taskKey } from '../../annotate/sessions.ts';
import { interactiveTerminal, prepareTerminalApp } from '../terminal-app.ts';

export interface AnnotateFlags {
  annotator: string;
  out?: string;
  sample?: number;
  seed: number;
  perItem?: number;
  annotators?: string[];
}

export async function annotateCommand(files: string[], flags: AnnotateFlags): Promise<void> {
  const work = prepareWork(files, {
    annotator: flags.annotator,
    out: flags.out,
    size: flags.sample,
    seed: flags.seed,
    perItem: flags.perItem,
    annotators: flags.annotators,
  });
  for (const why of work.skipped) process.stderr.write(`skipped: ${why}\n`);
  const shown = path.relative(process.cwd(), work.file) || work.file;
  const left = () => work.tasks.length - work.answered.size;
  if (!work.tasks.length) {
    process.stderr.write(
      `${work.annotator} has no sessions in this sample (more annotators than sessions?)\n`,
    );
    return;
  }
  if (!left()) {
    process.stderr.write(
      `${work.annotator} has answered all ${work.tasks.length} items; the answers are in ${shown}\n`,
    );
    return;
  }
  if (!interactiveTerminal())
    throw new UserError(
      'annotate needs an interactive terminal (stdin and stdout a TTY): it asks a person for each answer',
    );
  prepareTerminalApp();
  const [{ runScreenOf }, { AnnotateScreen }] = await Promise.all([
    import('../../tui/launch.tsx'),
    import('../../annotate/AnnotateScreen.tsx'),
  ]);
  await runScreenOf(AnnotateScreen, {
    tasks: work.tasks,
    answered: new Set(work.answered),
    annotator: work.annotator,
    onAnswer: (task, label, rationale) => {
      appendAnnotation(work.file, answerRecord(work, task, label, rationale));
      work.answered.add(taskKey(task));
    },
  });
  process.stderr.write(
    `${work.answered.size} of ${work.tasks.length} items answered (${left()} left); the answers are in ${shown}${left() ? '; run the same command again to go on' : ''}\n`,
  );
}
