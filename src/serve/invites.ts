/**
 * A study's personal links: `study invite --count N` (or the open link of `serve --study`)
 * gives each new participant id an unguessable token, kept in DATA/invites.json (readable by its
 * owner only: whoever holds a token can take part as that participant).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../contracts/errors.ts';
import { UserError } from '../contracts/diagnostics.ts';
import { listParticipants } from '../study/participant.ts';
import { newToken } from './tokens.ts';

export interface Invite {
  participant: string;
  token: string;
  /** When the link was made (ISO). */
  made: string;
  /** A link made ahead (`study invite`) or by someone opening the open link. */
  via: 'invite' | 'open';
}

interface InvitesFile {
  format: 'intentplay-study-invites';
  version: 1;
  invites: Invite[];
}

export const invitesFile = (dataDir: string) => path.join(dataDir, 'invites.json');

export function readInvites(dataDir: string): Invite[] {
  const file = invitesFile(dataDir);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as InvitesFile;
    if (parsed.format !== 'intentplay-study-invites' || !Array.isArray(parsed.invites))
      throw new Error('not an invites file');
    return parsed.invites;
  } catch (err) {
    throw new UserError(`${file}: cannot read the study's invites: ${errorMessage(err)}`);
  }
}

/** When the invites last changed (a `study invite` while serving adds links the server then knows). */
export function invitesChanged(dataDir: string): number {
  const file = invitesFile(dataDir);
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function writeInvites(dataDir: string, invites: Invite[]): void {
  mkdirSync(dataDir, { recursive: true });
  const file = invitesFile(dataDir);
  const body: InvitesFile = { format: 'intentplay-study-invites', version: 1, invites };
  writeFileSync(`${file}.tmp`, JSON.stringify(body, null, 2) + '\n', { mode: 0o600 });
  chmodSync(`${file}.tmp`, 0o600);
  renameSync(`${file}.tmp`, file);
}

/** The next free ids P01, P02, … after every participant and invite so far. */
function nextIds(dataDir: string, taken: readonly string[], count: number): string[] {
  let last = 0;
  for (const id of [...listParticipants(dataDir), ...taken]) {
    const n = /^P(\d+)$/.exec(id);
    if (n) last = Math.max(last, Number(n[1]));
  }
  return Array.from({ length: count }, (_, i) => `P${String(last + 1 + i).padStart(2, '0')}`);
}

/** Makes `count` new participant ids with their tokens, and keeps them. */
export function invite(dataDir: string, count: number, via: Invite['via'] = 'invite'): Invite[] {
  const invites = readInvites(dataDir);
  const made = new Date().toISOString();
  const added = nextIds(
    dataDir,
    invites.map((i) => i.participant),
    count,
  ).map((participant) => ({ participant, token: newToken(), made, via }));
  writeInvites(dataDir, [...invites, ...added]);
  return added;
}
