/**
 * Six participants who agree at the same moment, each in their own process as six `study run`s
 * would be, get six distinct rows of the Latin square (enrolment holds the data folder's lock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listParticipants, readState } from '../../src/study/participant.ts';
import { ROOT, studyYaml, writeStudy } from './helpers.ts';

const { dir, file } = writeStudy(studyYaml());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A participant's process, and its output: `ready` once loaded, then the ordinal it got. */
function participant(
  data: string,
  id: string,
): { child: ChildProcess; ready: Promise<void>; done: Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'test/study/fixtures/enrol-at.ts'), file, data, id],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  let onReady: () => void = () => {};
  let onFail: (err: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => ((onReady = resolve), (onFail = reject)));
  child.stdout!.on('data', (c) => {
    out += c;
    if (out.startsWith('ready\n')) onReady();
  });
  child.stderr!.on('data', (c) => (err += c));
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) => {
      const failed = new Error(`${id} exited ${code}: ${err}`);
      onFail(failed); // a process that dies before it is ready fails the test at once
      if (code === 0) resolve(out.replace('ready\n', '').trim());
      else reject(failed);
    }),
  );
  return { child, ready, done };
}

describe('enrolment', () => {
  it(
    'gives six participants who agree at once six distinct Latin-square rows',
    { timeout: 90_000 },
    async () => {
      const data = path.join(dir, 'data');
      const ids = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'];
      const people = ids.map((id) => participant(data, id));
      await Promise.all(people.map((p) => p.ready));
      for (const p of people) p.child.stdin!.write('go\n');
      const printed = await Promise.all(people.map((p) => p.done));
      expect(listParticipants(data)).toEqual(ids);
      expect(ids.map((id) => readState(data, id).ordinal).sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(printed.map(Number).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    },
  );
});
