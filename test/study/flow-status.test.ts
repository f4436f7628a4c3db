/**
 * The end of the path and the operator's view, through the runner and the real binary: debrief
 * text and a completion code on the last page (kept, exported); `study
 * status` with each participant's step and the CONSORT counts, which the export's flow.csv repeats.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportStudyData } from '../../src/study/export.ts';
import { loadStudy } from '../../src/study/load.ts';
import { readState } from '../../src/study/participant.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { ROOT, studyYaml, writeStudy } from './helpers.ts';
import { answerAll, playSession } from './run-helpers.ts';

const { dir, file } = writeStudy(
  studyYaml(
    'debrief: The study compared two assistants. Questions? Write to study@example.org.\ncompletion_code: { prefix: PX- }\n',
  ),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const data = path.join(dir, 'data');
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'bin/intentplay.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('the end of the study and the operator', () => {
  it('gives a finishing participant a completion code; status and the export count the recruitment flow', async () => {
    // Five personal links (serve --study's invitations): the flow's `invited`.
    expect(
      cli('study', 'invite', file, '--count', '5', '--data', data).trim().split('\n'),
    ).toHaveLength(5);

    const study = loadStudy(file);
    new StudyRunner(study, data, 'NO1').decline();
    const done = new StudyRunner(study, data, 'P01', { date: '2025-01-01' });
    done.agree();
    done.next();
    for (let k = 0; k < 2; k++) {
      await playSession(done, (r) => r.store.getState().live!.endSession());
      answerAll(done, 4);
    }
    answerAll(done, 4, 'fine');
    expect(done.store.getState().step).toEqual({ kind: 'thanks' });
    const code = done.participant.completion_code!;
    expect(code).toMatch(/^PX-[A-HJKMNP-Z2-9]{8}$/);
    done.next();
    expect(readState(data, 'P01').completion_code).toBe(code);
    const busy = new StudyRunner(study, data, 'P02', { date: '2025-01-01' });
    busy.agree();
    busy.next();
    busy.stop();
    const gone = new StudyRunner(study, data, 'P03');
    gone.agree();
    gone.stop();
    cli('study', 'withdraw', file, 'P03', '--data', data, '--yes');

    const status = cli('study', 'status', file, '--data', data);
    expect(status).toMatch(/P01 +#1 +finished +not running/);
    expect(status).toMatch(/P02 +#2 +session 1 of 2 \(ready page\) +not running +just now/);
    expect(status).toContain('invited          5');
    expect(status).toContain('declined         1 (and 0 left at the consent page)');
    expect(status).toContain('started          3 (consented)');
    expect(status).toContain('withdrawn        1');
    expect(status).toContain('completed        1');
    expect(status).toContain('in progress      1');

    exportStudyData(study, data, path.join(dir, 'out'));
    const flow = readFileSync(path.join(dir, 'out/flow.csv'), 'utf8');
    expect(
      flow
        .split('\n')
        .slice(1, 9)
        .map((l) => l.split(',').slice(0, 2).join(',')),
    ).toEqual([
      'invited,5',
      'declined,1',
      'left_at_consent,0',
      'started,3',
      'withdrawn,1',
      'excluded,0',
      'completed,1',
      'in_progress,1',
    ]);
    const participants = readFileSync(path.join(dir, 'out/participants.csv'), 'utf8').split('\n');
    const at = participants[0]!.split(',').indexOf('completion_code');
    expect(participants[1]!.split(',')[at]).toBe(code);
    expect(participants[2]!.split(',')[at]).toBe('');
  }, 120_000);
});
