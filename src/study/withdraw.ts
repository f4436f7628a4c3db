/**
 * `study withdraw`: a participant's data deleted, every file of it named so the researcher can
 * confirm before and check after; an anonymous count of withdrawals is kept for the CONSORT flow.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import { countFlow } from './enrol.ts';
import type { Study } from './load.ts';
import { checkParticipantId, defaultDataDir, participantDir } from './participant.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

export interface Withdrawal {
  /** The participant's folder. */
  dir: string;
  /** Its files, relative to the data folder. */
  files: string[];
}

/** What withdrawing `id` would delete (nothing is deleted yet). */
export function planWithdrawal(study: Study, dataDir: string | undefined, id: string): Withdrawal {
  checkParticipantId(id);
  const data = dataDir ? path.resolve(dataDir) : defaultDataDir(study);
  const dir = participantDir(data, id);
  if (!existsSync(dir))
    throw new UserError(`no data for participant ${id} under ${data} (nothing deleted)`);
  return {
    dir,
    files: filesUnder(dir)
      .map((f) => path.relative(data, f))
      .sort(),
  };
}

export function withdrawParticipant(
  study: Study,
  dataDir: string | undefined,
  id: string,
): { dir: string; deleted: string[] } {
  const plan = planWithdrawal(study, dataDir, id);
  rmSync(plan.dir, { recursive: true, force: true });
  countFlow(path.dirname(path.dirname(plan.dir)), 'withdrawn');
  return { dir: plan.dir, deleted: plan.files };
}
