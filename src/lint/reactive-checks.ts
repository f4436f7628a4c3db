/**
 * `done` rules that a reactive agent already satisfies. Each scenario's `reactive`
 * reference (the agent that does only the literal request) is played through its
 * dependency chain under the rules judge; an intent it completes has a `done` rule that
 * does not tell proactive work from literal work.
 */
import { ScriptAgent } from '../agent/script.ts';
import { RulesJudge } from '../judge/rules.ts';
import type { Library, LoadedScenario } from '../scenario/library.ts';
import { SessionRun } from '../session/engine.ts';
import { createGroupEnv, seedSession } from '../session/group-env.ts';
import { planRuns } from '../session/plan.ts';
import { createToolRegistry } from '../tools/index.ts';
import { RulesUser } from '../user/rules.ts';
import type { Finding } from './finding.ts';

export const REACTIVE_REFERENCE = 'reactive';

export async function checkReactiveDone(
  library: Library,
  scenarios: readonly LoadedScenario[],
): Promise<Finding[]> {
  const inScope = new Set(
    scenarios.filter((s) => s.references?.[REACTIVE_REFERENCE]).map((s) => s.id),
  );
  if (!inScope.size) return [];
  const groups = planRuns(
    scenarios.filter((s) => inScope.has(s.id)).map((s) => s.file),
    { library: library.root },
  );
  const registry = createToolRegistry();
  const out: Finding[] = [];
  for (const group of groups) {
    const env = createGroupEnv(registry);
    try {
      for (const scenario of group.sessions) {
        // Seeded as a run seeds, so later sessions see what earlier ones left.
        seedSession(env, scenario);
        const hasReactive = Boolean(scenario.references?.[REACTIVE_REFERENCE]);
        const agent = hasReactive
          ? new ScriptAgent(scenario, REACTIVE_REFERENCE)
          : new ScriptAgent({ ...scenario, references: {} });
        const completed: { intent: string; turn: number; detail: string }[] = [];
        const run = new SessionRun({
          scenario,
          persona: library.personas.get(scenario.persona),
          backends: { agent, user: new RulesUser(), judge: new RulesJudge() },
          env,
          emit: (e) => {
            if (e.type === 'intent_status' && e.to === 'completed')
              completed.push({ intent: e.intent, turn: e.turn, detail: e.detail });
          },
          date: '2026-01-05',
        });
        await run.run();
        if (!inScope.has(scenario.id)) continue;
        for (const c of completed) {
          const index = scenario.intents.findIndex((i) => i.id === c.intent);
          out.push({
            check: 'reactive-done',
            scenario,
            path: ['intents', index, 'done'],
            message: `the reactive reference already satisfies the \`done\` rule of \`${c.intent}\` (turn ${c.turn}: ${c.detail}): it does not tell proactive work from the literal request`,
          });
        }
      }
    } finally {
      env.workspace.dispose();
    }
  }
  return out;
}
