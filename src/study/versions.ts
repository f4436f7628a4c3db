/**
 * Versions of the study file in one data folder. Each participant's state records the sha256 of
 * the file they ran under; export and report never mix versions silently: data from another
 * version than the file given, or from several, is refused unless `--version` picks one (or, for
 * an export, `all`, where every row says its version).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../contracts/diagnostics.ts';
import type { ParticipantData } from './data.ts';
import type { Study } from './load.ts';

export interface StudyVersion {
  sha256: string;
  /** The short form on every exported row: the first 12 hex digits. */
  short: string;
  participants: string[];
  /** The study file of that version: the copy kept at enrolment, or the file given when it is that version. */
  file: string | undefined;
  current: boolean;
}

export const shortVersion = (sha256: string) => sha256.slice(0, 12);

export function versionsOf(
  study: Study,
  dataDir: string,
  data: readonly ParticipantData[],
): StudyVersion[] {
  const by = new Map<string, string[]>();
  for (const p of data)
    by.set(p.state.study.sha256, [...(by.get(p.state.study.sha256) ?? []), p.state.participant]);
  return [...by.entries()].map(([sha256, participants]) => {
    const copy = path.join(dataDir, 'protocols', `${sha256}.yaml`);
    const current = sha256 === study.sha256;
    // The protocol as it was is kept under its hash; the current one may also be the study file itself.
    let file: string | undefined;
    if (existsSync(copy)) file = copy;
    else if (current) file = study.file;
    return {
      sha256,
      short: shortVersion(sha256),
      participants,
      file,
      current,
    };
  });
}

/** `--version`: a version's sha256 (or a prefix of 4 or more hex digits), or `all`. */
export function pickVersions(
  study: Study,
  dataDir: string,
  data: ParticipantData[],
  choice: string | undefined,
  allowAll: boolean,
): { data: ParticipantData[]; versions: StudyVersion[] } {
  const versions = versionsOf(study, dataDir, data);
  const list = () =>
    versions
      .map(
        (v) =>
          `  ${v.short}${v.current ? ' (this file)' : ''}: ${v.participants.length} participant${v.participants.length === 1 ? '' : 's'} (${v.participants.join(', ')})`,
      )
      .join('\n');
  if (choice === 'all') {
    if (!allowAll)
      throw new UserError(
        `--version all: the report describes one version of the study; pick one:\n${list()}`,
      );
    return { data, versions };
  }
  if (choice !== undefined) {
    if (!/^[0-9a-f]{4,64}$/i.test(choice))
      throw new UserError(
        `--version ${choice}: expected a version's sha256 (4 or more hex digits) or all`,
      );
    const hits = versions.filter((v) => v.sha256.startsWith(choice.toLowerCase()));
    if (hits.length !== 1)
      throw new UserError(
        `--version ${choice}: ${hits.length ? 'matches more than one version' : 'no participant ran under it'}; the data holds:\n${list()}`,
      );
    return { data: data.filter((p) => p.state.study.sha256 === hits[0]!.sha256), versions: hits };
  }
  if (versions.every((v) => v.current)) return { data, versions };
  const several =
    versions.length > 1
      ? `${versions.length} versions of the study file`
      : 'another version of the study file than this one';
  throw new UserError(
    `${path.basename(study.file)}: the data holds participants run under ${several}:\n${list()}\nnothing is mixed without asking: pass --version SHA for one version${allowAll ? ', or --version all (every row says its version)' : ''}`,
  );
}
