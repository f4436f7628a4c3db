/** `study withdraw`: a participant's data deleted, every file of it named so the researcher can confirm. */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import type { Study } from './load.ts';
import { checkParticipantId, defaultDataDir, participantDir } from './participant.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

export function withdrawParticipant(study: Study, dataDir: string | undefined, id: string): { dir: string; deleted: string[] } {
  checkParticipantId(id);
  const data = dataDir ? path.resolve(dataDir) : defaultDataDir(study);
  const dir = participantDir(data, id);
  if (!existsSync(dir)) throw new UserError(`no data for participant ${id} under ${data} (nothing deleted)`);
  const deleted = filesUnder(dir)
    .map((f) => path.relative(data, f))
    .sort();
  rmSync(dir, { recursive: true, force: true });
  return { dir, deleted };
}
