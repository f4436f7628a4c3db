/**
 * Proposals benchmark: one proposal scenario with 1,000 ticks of user activity (screen moves,
 * chat messages and idle ticks) and an update every tenth tick, with an observing script agent
 * that reads and waits (and proposes once, accepted and executed), rules user and judge,
 * through the same path as `intentplay run`. Reports the wall time of the session (load
 * excluded) and of the whole `intentplay run` command.
 *
 *   npm run bench -- proposals [--ticks 1000] [--rounds 5]
 */
import { writeProposalScenario } from './proposal-scenario.ts';
import { benchSessionRounds } from './session-rounds.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const ticks = arg('--ticks', 1000);
const rounds = arg('--rounds', 5);

const { root, file } = writeProposalScenario(ticks);

await benchSessionRounds({
  root,
  file,
  rounds,
  title: `proposals: ${ticks} ticks of user activity, an observing script agent`,
  check: (result, events) => {
    if (!result.scores.proposals!.succeeded || result.scores.turns !== ticks + 1)
      throw new Error(`unexpected result: ${JSON.stringify(result.scores)}`);
    return `${result.scores.turns} agent turns (${ticks} observe, 1 execute), ${events} events`;
  },
});
