import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLibrary } from '../../src/scenario/library.ts';
import { planRuns } from '../../src/session/plan.ts';
import type { EventOf } from '../../src/contracts/events.ts';
import { RuleScriptError, runRuleScript } from '../../src/pibench/rule-script.ts';
import {
  FIXTURE_REPO,
  FIXTURE_SCRIPT,
  hasPython,
  NO_PYTHON_MESSAGE,
  runOffline,
} from './helpers.ts';

if (!hasPython) console.warn(NO_PYTHON_MESSAGE);

const PERSONA = 'id: p\nname: Pat\nrole: dispatcher\nprofile: Plans routes.\n';

/**
 * An intentplay scenario that carries π-Bench's rule-script fields, played by the script
 * agent. Turn 1 reads the brief, writes plan.md then notes.md (so the last write_file of
 * the turn is notes.md) and lists the folder; turn 2 rewrites plan.md naming Ada; turn 3
 * touches boom.md, on which the script raises.
 */
function scriptLibrary(opts: { listTools: boolean }): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-rule-script-'));
  mkdirSync(path.join(root, 'personas'));
  mkdirSync(path.join(root, 'scenarios', 'p'), { recursive: true });
  writeFileSync(path.join(root, 'personas', 'p.yaml'), PERSONA);
  const repoRoot = path.relative(path.join(root, 'scenarios', 'p'), FIXTURE_REPO);
  writeFileSync(
    path.join(root, 'scenarios', 'p', 'plan.yaml'),
    `id: p/plan
persona: p
title: Dispatch plan
trigger: { kind: user, text: Plan the dispatch. }
workspace: { files: { brief.md: "Ada takes the river loop." } }
intents:
  - { id: I1, text: Ada rides the river loop. }
  - { id: I2, text: Keep routes under 40 minutes. }
checklist:
  - { id: C1, text: A plan file exists., grader: rule, rule: { file_exists: plan.md } }
references:
  demo:
    - say: Reading the brief.
      actions:
        - { tool: read_file, args: { path: brief.md } }
        - { tool: write_file, args: { path: plan.md, content: "Bo: river loop" } }
        - { tool: write_file, args: { path: notes.md, content: scratch } }
        - { tool: list_dir, args: { path: . } }
    - say: Fixed the plan.
      actions:
        - { tool: write_file, args: { path: plan.md, content: "Ada: river loop" } }
    - say: One more file.
      actions:
        - { tool: write_file, args: { path: boom.md, content: x } }
pibench:
${opts.listTools ? '  tools: [{ name: read_file, call: [path] }, { name: write_file, call: [path, content] }]\n' : ''}  tools_evaluation_path: data/courier/scripts/courier_task_002_files.py
  repo_root: ${repoRoot}
`,
  );
  return root;
}

async function play(root: string) {
  loadLibrary(root, { fresh: true });
  const [group] = planRuns([path.join(root, 'scenarios', 'p', 'plan.yaml')]);
  const { results, events } = await runOffline(group!, 'script:demo');
  const start = events.find((e) => e.type === 'session_start') as EventOf<'session_start'>;
  const graded = events.filter(
    (e): e is EventOf<'checklist_result'> & { t: number } => e.type === 'checklist_result',
  );
  return { result: results[0]!, start, graded, events };
}

describe.skipIf(!hasPython)('π-Bench rule scripts', () => {
  afterEach(() => {
    delete process.env.INTENTPLAY_PYTHON;
  });

  it('lists the checks from score([]) and scores each turn', async () => {
    const history = [
      [{ tool_name: 'read_file', call: { path: 'brief.md' }, result: 'x' }],
      [],
      [{ tool_name: 'write_file', call: { path: 'boom.md' }, result: {} }],
    ];
    const r = await runRuleScript(FIXTURE_SCRIPT, history, { cwd: FIXTURE_REPO });
    expect(r.keys).toEqual([
      'read_the_brief',
      'wrote_plan_md',
      'plan_mentions_ada',
      'listed_the_folder',
      'logged_in_to_notes',
    ]);
    expect(r.turns[0]).toEqual({
      values: {
        read_the_brief: 1,
        wrote_plan_md: 0,
        plan_mentions_ada: 0,
        listed_the_folder: 0,
        logged_in_to_notes: 0,
      },
    });
    expect(r.turns[1]).toEqual({
      values: {
        read_the_brief: 0,
        wrote_plan_md: 0,
        plan_mentions_ada: 0,
        listed_the_folder: 0,
        logged_in_to_notes: 0,
      },
    });
    expect(r.turns[2]).toEqual({ error: 'RuntimeError: boom.md is not allowed' });
  });

  it('adds each key as a `[tools]` item, fed per turn with the listed tools and the last call per tool, OR-ed over turns', async () => {
    const { result, start, graded } = await play(scriptLibrary({ listTools: true }));
    expect(start.checklist.map((c) => [c.id, c.text])).toEqual([
      ['C1', 'A plan file exists.'],
      ['T1', '[tools] read_the_brief'],
      ['T2', '[tools] wrote_plan_md'],
      ['T3', '[tools] plan_mentions_ada'],
      ['T4', '[tools] listed_the_folder'],
      ['T5', '[tools] logged_in_to_notes'],
    ]);
    expect(result.scores.turns).toBe(3);
    expect(result.scores.checklist).toEqual({
      C1: true,
      T1: true,
      T2: true,
      T3: true,
      T4: false,
      T5: false,
    });
    expect(result.scores.comp).toBe(0.667);
    const byItem = Object.fromEntries(
      graded.filter((g) => g.by === 'script').map((g) => [g.item, g.reason]),
    );
    expect(byItem.T1).toMatch(/^passed in turn 1 /);
    // Turn 1's last write_file was notes.md, so plan.md only shows in turn 2.
    expect(byItem.T2).toMatch(/^passed in turn 2 /);
    // list_dir was called but is not among the task's tools: filtered out.
    expect(byItem.T4).toMatch(
      /^not passed in any of 3 turn\(s\).*the script raised in turn 3: RuntimeError: boom.md is not allowed/,
    );
  });

  it('sees every tool when the task lists none', async () => {
    const { result } = await play(scriptLibrary({ listTools: false }));
    expect(result.scores.checklist.T4).toBe(true);
  });

  it('reports the checks ungraded with a clear message when python is missing; other items are still graded', async () => {
    process.env.INTENTPLAY_PYTHON = path.join(os.tmpdir(), 'no-such-python3');
    const { result, start, events } = await play(scriptLibrary({ listTools: true }));
    expect(start.checklist.map((c) => c.text)).toEqual([
      'A plan file exists.',
      '[tools] checks of data/courier/scripts/courier_task_002_files.py',
    ]);
    expect(result.scores.checklist).toEqual({ C1: true, T1: null });
    expect(result.scores.ungraded).toBe(1);
    const notice = events.find((e) => e.type === 'notice') as EventOf<'notice'>;
    expect(notice.text).toContain('no-such-python3 not found: rule scripts need Python 3');
  });

  it('stops a script that runs past its time limit', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-slow-'));
    const script = path.join(dir, 'slow.py');
    writeFileSync(
      script,
      'import time\n\ndef score(tools_history):\n    time.sleep(30)\n    return {}\n',
    );
    await expect(runRuleScript(script, [], { timeoutMs: 300 })).rejects.toThrow(
      new RuleScriptError('rule script timed out after 0.3 s'),
    );
  });

  it('explains a script that does not define a usable score()', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bad-'));
    const script = path.join(dir, 'bad.py');
    writeFileSync(script, 'def score(tools_history):\n    return ["not", "a", "dict"]\n');
    await expect(runRuleScript(script, [])).rejects.toThrow('score([]) returned list, not a dict');
  });
});

describe('rule scripts without python', () => {
  it('say that python is missing', async () => {
    await expect(
      runRuleScript(FIXTURE_SCRIPT, [], { python: '/nonexistent/python3' }),
    ).rejects.toThrow('/nonexistent/python3 not found: rule scripts need Python 3');
  });
});
