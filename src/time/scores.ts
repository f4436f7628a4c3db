/** ChronosBench's scores for one session (docs/time.md): follow-ups, silences, action accuracy, status. */
import type { LoadedScenario } from '../scenario/library.ts';
import type { TimeScores, UpdateVerdict } from '../contracts/events.ts';
import { round } from '../judge/scores.ts';
import type { TaskStatus } from './schema.ts';

export function timeScores(
  scenario: LoadedScenario,
  verdicts: ReadonlyMap<string, UpdateVerdict>,
  taskStatus: TaskStatus | undefined,
): TimeScores {
  const updates = scenario.environment?.updates ?? [];
  const count = (v: UpdateVerdict) => [...verdicts.values()].filter((x) => x === v).length;
  const followExpected = updates.filter((u) => u.expect === 'follow_up').length;
  const silenceExpected = updates.filter((u) => u.expect === 'keep_silent').length;
  const hit = count('hit');
  const kept = count('kept');
  const falseFollowUps = count('false');
  const withExpect = followExpected + silenceExpected;
  const status_ok = scenario.expect_status ? taskStatus === scenario.expect_status : null;
  return {
    followups: { expected: followExpected, hit, missed: followExpected - hit, false: falseFollowUps },
    silences: { expected: silenceExpected, kept, broken: falseFollowUps, unwatched: count('unwatched') },
    action_accuracy: withExpect ? round((hit + kept) / withExpect) : null,
    status_ok,
    completed: hit === followExpected && falseFollowUps === 0 && kept === silenceExpected && status_ok !== false,
  };
}
