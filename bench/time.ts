/**
 * Time benchmark: one time scenario with 1,000 updates and a condition reminder, so every
 * update wakes the agent (1,002 agent turns: a follow-up on every tenth update, silence on the
 * rest, and the answer to what the last follow-up opened), run headless with the script agent,
 * rules user and rules judge through the same path as `intentplay run` (plan → run group → recording on disk). Reports the wall time of the
 * session (load excluded) and the events it recorded.
 *
 *   npm run bench -- time [--updates 1000] [--rounds 5]
 */
import { benchSessionRounds } from './session-rounds.ts';
import { writeTimeScenario } from './time-scenario.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const updates = arg('--updates', 1000);
const rounds = arg('--rounds', 5);

const { root, file } = writeTimeScenario(updates, {
  gapMinutes: 10,
  text: (price) => `Price now ${price}.`,
  followUpActions: '\n      actions:\n        - { tool: query_prices }',
});

await benchSessionRounds({
  root,
  file,
  rounds,
  keep: process.argv.includes('--keep'),
  title: `time: ${updates} updates, condition reminder (every update wakes the agent)`,
  check: (result, events) => {
    const t = result.scores.time!;
    // Every update wakes the agent, then the user reveals what the last follow-up opened and it answers.
    if (t.action_accuracy !== 1 || t.status_accuracy !== 1 || result.scores.turns !== updates + 2)
      throw new Error(`unexpected result: ${JSON.stringify(result.scores)}`);
    return `${result.scores.turns} agent turns, ${events} events, ${t.followups.hit} follow-ups and ${t.silences.kept} silences`;
  },
});
