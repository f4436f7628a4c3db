/**
 * `study withdraw` while the participant is at the terminal in `study run` (the real binary under
 * tmux): their next step writes nothing, the run ends saying they were withdrawn, and their folder
 * stays gone. Before, the next step wrote state.json and log.jsonl into a fresh folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';
import { studyYaml } from '../study/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
if (!hasTmux) console.warn('skipping the live withdrawal test: tmux is not installed');

const t = tmuxTerminal(BIN, 'study-withdraw-live');
afterAll(() => t.close());

describe.skipIf(!hasTmux)('study run: a participant withdrawn while taking part', () => {
  it('ends their run at the next step and keeps nothing', { timeout: 90_000 }, async () => {
    writeFileSync(path.join(t.work, 'study.yaml'), studyYaml());
    t.start(['study', 'run', 'study.yaml', '--participant', 'P01']);
    await t.waitFor((x) => x.includes('Do you agree to take part?'), 'the consent page');
    t.keys('y');
    await t.waitFor((x) => x.includes('Instructions'), 'the instructions');
    const folder = path.join(t.work, 'study-data/participants/P01');
    expect(existsSync(folder)).toBe(true);
    const withdrew = execFileSync(
      process.execPath,
      [BIN, 'study', 'withdraw', 'study.yaml', 'P01', '--yes'],
      { cwd: t.work, encoding: 'utf8' },
    );
    expect(withdrew).toContain('withdrew P01');
    t.keys('Enter');
    await t.waitFor(
      (x) => x.includes('P01 was withdrawn while taking part: their run stopped'),
      'the run to end saying so',
    );
    expect(existsSync(folder)).toBe(false);
  });
});
