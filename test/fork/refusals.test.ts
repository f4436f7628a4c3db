/**
 * A fork is exact or is not made: what cannot be restored is refused in one line, a replay that
 * differs from its recording stops the fork (and leaves no file), the parent is never written, and
 * turns played by a model or a person are replayed from what the recording holds.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import { atTurn, loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { materialise, normalised } from './goldens.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-refuse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = materialise(dir, 'proactive');
const byName = (name: string) => files.find((f) => f.endsWith(`/${name}.jsonl`))!;
const config = resolveConfig({}, {});
const specs = {
  agent: { kind: 'script' as const, name: 'proactive' },
  user: { kind: 'rules' as const },
  judge: { kind: 'rules' as const },
};

/** A copy of a golden with its lines changed, beside it (so its run group is still found). */
function variant(name: string, change: (lines: Record<string, unknown>[]) => void): string {
  const from = byName(name);
  const lines = readFileSync(from, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  change(lines);
  const to = path.join(path.dirname(from), `variant-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(to, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return to;
}

describe('forks that cannot be exact are refused', () => {
  it('names the turns a recording has when --turn is past them', () => {
    const message =
      'meal-plan.jsonl: --turn must be a whole number from 0 to 2 (the turns it recorded), got 3';
    expect(() => loadForkSource(byName('meal-plan'), 3)).toThrow(message);
    // The same source at another turn, as the watch's `f` forks at its last turn, checks alike.
    expect(() => atTurn(loadForkSource(byName('meal-plan'), 0), 3)).toThrow(message);
    expect(atTurn(loadForkSource(byName('meal-plan'), 0), 2).turn).toBe(2);
  });

  it('refuses a foreign acp agent: its memory is its own', () => {
    const file = variant('soap-list', ([h]) => {
      h!.backends = { agent: { kind: 'acp', name: 'gemini --acp' }, user: {}, judge: {} };
      (h!.backends as Record<string, unknown>).user = { kind: 'rules' };
      (h!.backends as Record<string, unknown>).judge = { kind: 'rules' };
    });
    expect(() => loadForkSource(file, 1)).toThrow(
      /its agent \(acp:gemini --acp\) kept its own memory and ran its own tools/,
    );
  });

  it('refuses a session of an episode whose earlier sessions are not beside it', () => {
    const lone = mkdtempSync(path.join(dir, 'lone-'));
    const file = path.join(lone, 'meal-plan.jsonl');
    writeFileSync(file, readFileSync(byName('meal-plan')));
    expect(() => loadForkSource(file, 1)).toThrow(
      'it is session 2 of episode researcher, and the recording of session 1 (whose state it starts from) is not beside it',
    );
  });

  it('stops when the replay differs from the recording, and leaves no fork behind', async () => {
    // A tool's recorded answer that the tools would not give again (the scenario changed since).
    const file = variant('soap-list', (lines) => {
      const result = lines.find((l) => l.type === 'tool_result' && l.turn === 1)!;
      result.result = 'something else';
    });
    const out = path.join(dir, 'differs.jsonl');
    await expect(runFork(loadForkSource(file, 2), { specs, config, out })).rejects.toThrow(
      /replaying it gave a different tool_result at turn 1 than it recorded .*cannot be restored exactly/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('never writes its parent, nor over any file', async () => {
    const parent = byName('gpu-watch');
    const before = readFileSync(parent, 'utf8');
    await expect(
      runFork(loadForkSource(parent, 1), { specs, config, out: parent }),
    ).rejects.toThrow('exists: a fork writes a new recording');
    const { file } = await runFork(loadForkSource(parent, 1), { specs, config });
    expect(path.dirname(file)).toBe(path.dirname(parent));
    expect(readFileSync(parent, 'utf8')).toBe(before);
    rmSync(file);
  });

  it('--edit-user needs a user message to replace', async () => {
    const file = byName('meal-plan');
    const out = path.join(dir, 'edit-end.jsonl');
    await expect(
      runFork(loadForkSource(file, 2), { specs, config, out, editUser: 'Hello' }),
    ).rejects.toThrow('--edit-user: turn 3 did not start with a message of the user to replace');
    expect(existsSync(out)).toBe(false);
  });
});

describe('turns played by a model are replayed from the recording', () => {
  it('an openai agent, user and judge: the fork plays on with scripts and records the rest again', async () => {
    // The goldens as if a model had played every seat: the prefix then comes from the recorded
    // calls, replies, messages and verdicts, not from a script run again.
    const modelDir = mkdtempSync(path.join(dir, 'model-'));
    const model = materialise(modelDir, 'proactive', (h) => {
      h.backends = {
        agent: { kind: 'openai', model: 'm' },
        user: { kind: 'openai', model: 'm' },
        judge: { kind: 'openai', model: 'm' },
      };
    });
    let checked = 0;
    for (const file of model) {
      const text = readFileSync(file, 'utf8');
      // The model judge grades rubric items at the end only; proposal users on a phone are refused.
      if (text.includes('"grader":"rubric"') || text.includes('"proposals":{')) continue;
      const { turns } = loadForkSource(file, 0);
      const out = path.join(path.dirname(file), `forked-${path.basename(file)}`);
      await runFork(loadForkSource(file, turns - 1), { specs, config, out });
      expect(normalised(out, true).slice(2), path.basename(file)).toEqual(
        normalised(file, true).slice(2),
      );
      rmSync(out);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
    expect(readdirSync(modelDir).length).toBeGreaterThan(0);
  });
});
