/** `intentplay serve --study` and `study invite` (docs/study.md, "Online participants"). */
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import { loadStudy } from '../../study/load.ts';
import { defaultDataDir } from '../../study/participant.ts';
import type { ServeStudyFlags } from '../commands/serve.ts';
import { prepareServe, serveAddress, untilStopped } from './serve.ts';

const dataDirOf = (study: { file: string }, data: string | undefined) =>
  data ? path.resolve(data) : defaultDataDir(study);

export async function inviteParticipants(
  file: string,
  flags: { count: number; data?: string; publicUrl?: string },
): Promise<void> {
  const { invite, invitesFile } = await import('../../serve/invites.ts');
  const study = loadStudy(file);
  const dataDir = dataDirOf(study, flags.data);
  const base = flags.publicUrl?.replace(/\/+$/, '');
  if (base !== undefined && !/^https?:\/\/\S+$/.test(base))
    throw new UserError(`--public-url ${flags.publicUrl}: expected an http(s) address`);
  const made = invite(dataDir, flags.count);
  for (const i of made)
    process.stdout.write(`${i.participant}  ${base ? `${base}/t/${i.token}/` : i.token}\n`);
  const where = path.relative(process.cwd(), invitesFile(dataDir)) || invitesFile(dataDir);
  process.stderr.write(
    `${made.length} invited; their tokens are in ${where} (keep it private)${base ? '' : '; each link is ADDRESS/t/TOKEN/ where serve listens'}\n`,
  );
}

/** A panel's return address: http(s), and `{code}` only where there is a code to put in it. */
function checkReturnUrl(url: string | undefined, hasCode: boolean): void {
  if (url === undefined) return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol))
    throw new UserError(`--return-url ${url}: expected an http(s) address`);
  if (url.includes('{code}') && !hasCode)
    throw new UserError(
      `--return-url ${url}: {code} needs a completion code: give the study file completion_code, or --completion-code`,
    );
}

export async function serveStudy(flags: ServeStudyFlags): Promise<void> {
  const study = loadStudy(flags.study);
  // Two sources of a code would leave people unsure which one the panel expects.
  if (study.completion_code && flags.completionCode !== undefined)
    throw new UserError(
      `--completion-code ${flags.completionCode}: ${flags.study} has completion_code, which gives each participant their own code; drop one of the two`,
    );
  checkReturnUrl(flags.returnUrl, Boolean(study.completion_code || flags.completionCode));
  const dataDir = dataDirOf(study, flags.data);
  const address = serveAddress(flags);
  prepareServe();
  const [{ StudyHost }, { startServer }, { readInvites }] = await Promise.all([
    import('../../serve/study.tsx'),
    import('../../serve/server.ts'),
    import('../../serve/invites.ts'),
  ]);
  const say = (line: string) =>
    process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const host = new StudyHost(study, dataDir, {
    completionCode: flags.completionCode,
    returnUrl: flags.returnUrl,
    graceMs: (flags.grace ?? 120) * 1000,
    openLimit: flags.open,
    say,
  });
  const server = await startServer({ ...address, doors: host });
  const invites = readInvites(dataDir);
  process.stderr.write(
    `serving ${study.title}: ${invites.length} personal link${invites.length === 1 ? '' : 's'}\n`,
  );
  for (const i of invites) process.stderr.write(`  ${i.participant}  ${server.link(i.token)}\n`);
  if (host.openToken)
    process.stderr.write(
      `open link (enrols the next id, up to ${flags.open}): ${server.link(host.openToken)}\n`,
    );
  if (!invites.length && !host.openToken)
    process.stderr.write(
      'no links yet: make them with `intentplay study invite STUDY --count N` (served at once), or pass --open N\n',
    );
  process.stderr.write('ctrl+c stops serving (everyone resumes at their step next time)\n');
  const signal = untilStopped();
  try {
    await signal.stopped;
  } finally {
    signal.dispose();
  }
  await host.stop();
  await server.close();
}
