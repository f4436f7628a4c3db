/**
 * The engine's hook for a π-Bench task's rule script (`pibench.tools_evaluation_path`):
 * each key of `score([])` becomes a checklist item `[tools] <key>` (weight 1, after the
 * task's own items), graded at session end from the per-turn tool records and passed
 * when it passes in any turn (docs/pibench.md). When the script or python3 is missing, one
 * ungraded item says why; the other items are graded as usual, and π-Bench scoring drops
 * the task from Comp (src/pibench/scoring.ts), as π-Bench drops a task whose script fails to load.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LoadedScenario } from '../scenario/library.ts';
import type { ChecklistItemSpec } from '../scenario/schema.ts';
import type { ToolCallRecord } from '../contracts/backends.ts';
import {
  pythonCommand,
  RuleScriptError,
  runRuleScript,
  type RuleScriptOptions,
} from './rule-script.ts';
import { stageRuleScript, type ScriptStage } from './script-stage.ts';
import { toolHistoryByTurn } from './tool-records.ts';

export const TOOLS_PREFIX = '[tools] ';

export interface ScriptGrade {
  item: ChecklistItemSpec;
  pass: boolean | null;
  reason: string;
}

export interface ScriptChecks {
  script: string;
  /** Checklist items the script adds (graded by script). */
  items: ChecklistItemSpec[];
  /** Why the script cannot run, when it cannot. */
  problem?: string;
  /**
   * Grades the session's turns. With `workspaceRoot`, the script runs where
   * `config/nanobot.yaml` names that workspace (see script-stage.ts), so scripts that read the
   * agent's files see the workspace as it is at the end of the session.
   */
  grade(
    toolCalls: readonly ToolCallRecord[],
    turns: number,
    signal?: AbortSignal,
    workspaceRoot?: string,
  ): Promise<ScriptGrade[]>;
}

/** The rule script's absolute path: tools_evaluation_path is relative to repo_root, itself relative to the scenario file. */
export function ruleScriptPath(
  scenario: Pick<LoadedScenario, 'file' | 'pibench'>,
): string | undefined {
  const p = scenario.pibench;
  if (!p?.tools_evaluation_path) return undefined;
  const root = path.resolve(path.dirname(scenario.file), p.repo_root ?? '.');
  return path.resolve(root, p.tools_evaluation_path);
}

function repoRootOf(scenario: Pick<LoadedScenario, 'file' | 'pibench'>): string {
  return path.resolve(path.dirname(scenario.file), scenario.pibench?.repo_root ?? '.');
}

/** The stage for a script, or none where it cannot be made (no symbolic links): the script then runs in the checkout, as outside π-Bench's image. */
function tryStage(repoRoot: string, workspaceRoot: string): ScriptStage | undefined {
  try {
    return stageRuleScript(repoRoot, workspaceRoot);
  } catch {
    return undefined;
  }
}

const keyCache = new Map<string, Promise<string[]>>();

/** The script's check names (cached per file version). */
function scriptKeys(script: string, opts: RuleScriptOptions): Promise<string[]> {
  const key = `${script}\0${statSync(script).mtimeMs}\0${pythonCommand(opts)}`;
  let keys = keyCache.get(key);
  if (!keys) {
    keys = runRuleScript(script, [], opts).then((r) => r.keys);
    keyCache.set(key, keys);
    keys.catch(() => keyCache.delete(key));
  }
  return keys;
}

/** Checks for a scenario with a rule script; undefined for any other scenario. */
export async function openScriptChecks(
  scenario: LoadedScenario,
  opts: RuleScriptOptions = {},
): Promise<ScriptChecks | undefined> {
  const script = ruleScriptPath(scenario);
  if (!script) return undefined;
  const shown = scenario.pibench!.tools_evaluation_path!;
  const runOpts: RuleScriptOptions = { cwd: repoRootOf(scenario), ...opts };
  const taken = new Set((scenario.checklist ?? []).map((c) => c.id));
  const itemFor = (text: string, i: number): ChecklistItemSpec => {
    let id = `T${i + 1}`;
    while (taken.has(id)) id = `T${id}`;
    return { id, text, grader: 'rule' };
  };

  let problem: string | undefined;
  let keys: string[] = [];
  if (!existsSync(script))
    problem = `rule script ${shown} not found (looked for ${script}); copy π-Bench's scripts next to its data to grade its checks`;
  else {
    try {
      keys = await scriptKeys(script, runOpts);
      if (!keys.length) problem = `rule script ${shown}: score([]) returned no checks`;
    } catch (err) {
      problem = err instanceof RuleScriptError ? `${shown}: ${err.message}` : String(err);
    }
  }
  if (problem) {
    const item = itemFor(`${TOOLS_PREFIX}checks of ${shown}`, 0);
    return {
      script,
      items: [item],
      problem,
      grade: async () => [{ item, pass: null, reason: `not graded: ${problem}` }],
    };
  }

  const items = keys.map((k, i) => itemFor(`${TOOLS_PREFIX}${k}`, i));
  const listed = (scenario.pibench!.tools ?? []).map((t) => t.name);
  return {
    script,
    items,
    async grade(toolCalls, turns, signal, workspaceRoot) {
      // π-Bench has no turn file then and cannot score the task at all; ungraded, so π-Bench scoring drops it rather than scoring 0.
      if (turns === 0)
        return items.map((item) => ({
          item,
          pass: null,
          reason: `not graded: no agent turn to score (${shown})`,
        }));
      const histories = toolHistoryByTurn(toolCalls, turns, listed);
      let result;
      const stage =
        workspaceRoot !== undefined && opts.cwd === undefined
          ? tryStage(repoRootOf(scenario), workspaceRoot)
          : undefined;
      try {
        result = await runRuleScript(script, histories, {
          ...runOpts,
          ...(stage ? { cwd: stage.cwd } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (err) {
        const why = err instanceof RuleScriptError ? err.message : String(err);
        return items.map((item) => ({ item, pass: null, reason: `not graded: ${why}` }));
      } finally {
        stage?.dispose();
      }
      return items.map((item, k) => {
        const key = keys[k]!;
        const passedIn = result.turns.flatMap((t, i) =>
          'values' in t && t.values[key] === 1 ? [i + 1] : [],
        );
        const errors = result.turns.flatMap((t, i) =>
          'error' in t ? [`turn ${i + 1}: ${t.error}`] : [],
        );
        if (passedIn.length)
          return { item, pass: true, reason: `passed in turn ${passedIn.join(', ')} (${shown})` };
        return {
          item,
          pass: false,
          reason: `not passed in any of ${turns} turn(s) (${shown})${errors.length ? `; the script raised in ${errors[0]}` : ''}`,
        };
      });
    },
  };
}
