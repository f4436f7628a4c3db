/**
 * Scoring parity with π-Bench's evaluation code (docs/pibench.md, "Scoring parity"): the
 * rules where intentplay used to differ. Each test fails on the earlier behaviour.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeTurnVerdicts } from '../../src/judge/pibench-rubric.ts';
import { runRuleScript } from '../../src/pibench/rule-script.ts';
import { pibenchSummary, type PibenchScenarioInfo } from '../../src/pibench/scoring.ts';
import { openScriptChecks } from '../../src/pibench/script-checks.ts';
import type { LoadedScenario } from '../../src/scenario/library.ts';
import type { ChecklistItemSpec } from '../../src/scenario/schema.ts';
import { hasPython } from './helpers.ts';

function script(body: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-parity-'));
  const file = path.join(dir, 'checks.py');
  writeFileSync(file, body);
  return file;
}

describe('π-Bench Comp: what is dropped rather than zeroed', () => {
  const task: PibenchScenarioInfo = {
    id: 'p/T',
    intents: [{ id: 'I1', text: 'one' }],
    dependsOn: [],
    checklist: [{ id: 'C1', text: 'one', grader: 'rubric' }],
    pibench: { tools_evaluation_path: 'data/p/scripts/t.py' },
  };
  const lookup = (id: string) => (id === 'p/T' ? task : undefined);
  const run = (checklist: Record<string, boolean | null>) => ({
    scenario: 'p/T',
    persona: 'p',
    repeat: 0,
    intents: { I1: 'completed' as const },
    checklist,
  });

  it('drops a task whose rule script did not run, instead of scoring its other criteria alone', () => {
    // π-Bench: a script that cannot be loaded raises in _load_tools_runtime and _evaluate_task returns no score.
    const s = pibenchSummary([run({ C1: true, T1: null })], lookup);
    expect(s.tasks[0]).toMatchObject({
      comp: null,
      dropped: expect.stringContaining('rule script did not run'),
    });
    expect(s.users.p!.per_repeat[0]).toMatchObject({ proc: 1, comp: null, comp_tasks: 0 });
  });

  it('still scores the task when only a rubric item is ungraded (offline judge)', () => {
    const s = pibenchSummary([run({ C1: null, T1: true, T2: false })], lookup);
    expect(s.tasks[0]).toMatchObject({ comp: 0.5 });
    expect(s.tasks[0]!.dropped).toBeUndefined();
  });

  it('leaves every rubric criterion ungraded when one turn’s grading never parses', () => {
    const items: ChecklistItemSpec[] = [{ id: 'C1', text: 'one', grader: 'rubric' }];
    const parsed = [{ turn: 1, verdicts: new Map([['C1', { yes: true, reason: 'done' }]]) }];
    expect(mergeTurnVerdicts(items, parsed, 1)).toEqual([
      { item: 'C1', pass: true, reason: 'turn 1: done' },
    ]);
    // Turn 2 never parsed: π-Bench's _score_task_criteria raises and the whole task is dropped.
    expect(mergeTurnVerdicts(items, parsed, 2)).toEqual([
      {
        item: 'C1',
        pass: null,
        reason:
          "the judge's answer never parsed for 1 of 2 turns: dropped, as π-Bench drops a task when any turn's grading fails",
      },
    ]);
  });
});

describe.skipIf(!hasPython)('π-Bench rule-script values', () => {
  it('zeroes the whole turn when a check gets a value other than 0, 1, True or False', async () => {
    const file = script(
      [
        'def score(tools_history):',
        '    if not tools_history:',
        '        return {"a": 0, "b": False}',
        '    kind = tools_history[0]["call"]["kind"]',
        '    if kind == "float":',
        '        return {"a": 1.0, "b": True}',
        '    if kind == "two":',
        '        return {"a": 2, "b": 1}',
        '    return {"a": 1, "b": True, "unknown": "ignored"}',
        '',
      ].join('\n'),
    );
    const turn = (kind: string) => [{ tool_name: 't', call: { kind }, result: null }];
    const r = await runRuleScript(file, [turn('float'), turn('two'), turn('ok')]);
    expect(r.keys).toEqual(['a', 'b']);
    // π-Bench's _to_binary_score refuses 1.0 and 2, and score_turn then counts 0 for every check.
    expect(r.turns[0]).toEqual({
      error: "ValueError: check 'a' got 1.0; a check's value must be 0, 1, True or False",
    });
    expect(r.turns[1]).toEqual({
      error: "ValueError: check 'a' got 2; a check's value must be 0, 1, True or False",
    });
    expect(r.turns[2]).toEqual({ values: { a: 1, b: 1 } });
  });

  it('trims check names, as π-Bench does before matching them', async () => {
    const file = script(
      'def score(tools_history):\n    return {" a ": 0} if not tools_history else {"a  ": 1}\n',
    );
    const r = await runRuleScript(file, [[{ tool_name: 't', call: {}, result: null }]]);
    expect(r).toEqual({ keys: ['a'], turns: [{ values: { a: 1 } }] });
  });

  it('refuses a score([]) with a value other than 0, 1, True or False (π-Bench drops the task)', async () => {
    const file = script('def score(tools_history):\n    return {"a": 0.0}\n');
    await expect(runRuleScript(file, [])).rejects.toThrow("score([]): check 'a' got 0.0");
  });

  it('leaves the checks ungraded when there was no agent turn to score', async () => {
    const file = script('def score(tools_history):\n    return {"a": 1}\n');
    const scenario = {
      file: path.join(path.dirname(file), 'task.yaml'),
      checklist: [],
      pibench: { tools_evaluation_path: 'checks.py' },
    } as unknown as LoadedScenario;
    const checks = (await openScriptChecks(scenario))!;
    // score([]) gives a = 1, so the old behaviour would have passed it or scored 0; π-Bench has no turn file to score.
    expect((await checks.grade([], 0)).map((g) => g.pass)).toEqual([null]);
    expect((await checks.grade([], 1)).map((g) => g.pass)).toEqual([true]);
  });
});
