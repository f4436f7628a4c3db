/**
 * ChronosBench's scores for one session (docs/time.md, "Scores"): the branch and complexity,
 * task completion by the branch's rule, the ending reason, action and status accuracy over
 * every response, and intentplay's own follow-up and silence counts.
 */
import type { LoadedScenario } from '../scenario/library.ts';
import type { TimeEnding, TimeScores, UpdateVerdict } from '../contracts/events.ts';
import { round } from '../judge/scores.ts';
import { shapeOf, type ResponseLedger } from './measures.ts';
import type { TaskStatus } from '../sim/schema.ts';

/** How the protocol ended the session: undefined when something else ended it (an error, a person). */
export interface SessionOutcome {
  end: 'resolved' | 'max_turns';
  /** The session ended after the user's thanks (or refusal) and the agent's answer to it. */
  thanked: boolean;
  /** That message was a refusal (`refuse:`, or a person's or model user's words read as one). */
  refused?: boolean;
}

const nullableRound = (x: number | null): number | null => (x === null ? null : round(x));

export function timeScores(
  scenario: LoadedScenario,
  verdicts: ReadonlyMap<string, UpdateVerdict>,
  taskStatus: TaskStatus | undefined,
  ledger: ResponseLedger,
  outcome: SessionOutcome | undefined,
): TimeScores {
  const shape = shapeOf(scenario);
  // Updates after the thanks no longer count: only decided updates do.
  const counted = (scenario.environment?.updates ?? []).filter(
    (u) => u.expect && verdicts.has(u.id),
  );
  const count = (v: UpdateVerdict) => [...verdicts.values()].filter((x) => x === v).length;
  const followExpected = counted.filter((u) => u.expect === 'follow_up').length;
  const silenceExpected = counted.filter((u) => u.expect === 'keep_silent').length;
  const hit = count('hit');
  const kept = count('kept');
  const falseFollowUps = count('false');
  const decisionsRight = hit === followExpected && falseFollowUps === 0 && kept === silenceExpected;
  // After a refusal the task should end failed, whatever the branch.
  const finalRight = taskStatus === (outcome?.refused ? 'failed' : shape.finalStatus);
  const completed =
    shape.branch === 'positive'
      ? decisionsRight && finalRight && Boolean(outcome?.thanked) && !ledger.arbitraryCompletion
      : decisionsRight && finalRight;
  const facts: EndingFacts = {
    completed,
    positive: shape.branch === 'positive',
    arbitrary: ledger.arbitraryCompletion,
    missed: followExpected - hit,
    completedEver: ledger.completedEver,
    thankedWrongStatus: Boolean(outcome?.thanked) && !finalRight,
    watched: ledger.remindersEverSet || ledger.wokenEver,
    end: outcome?.end,
  };
  return {
    branch: shape.branch,
    complex: shape.complex,
    completed,
    ending: endingOf(facts),
    action_accuracy: nullableRound(ledger.actionAccuracy),
    action_errors: [...ledger.actionErrors],
    status_accuracy: nullableRound(ledger.statusAccuracy),
    status_errors: [...ledger.statusErrors],
    responses: ledger.responses,
    followups: {
      expected: followExpected,
      hit,
      missed: followExpected - hit,
      false: falseFollowUps,
    },
    silences: {
      expected: silenceExpected,
      kept,
      broken: falseFollowUps,
      unwatched: count('unwatched'),
    },
    decision_accuracy: counted.length ? round((hit + kept) / counted.length) : null,
  };
}

interface EndingFacts {
  completed: boolean;
  positive: boolean;
  arbitrary: boolean;
  missed: number;
  completedEver: boolean;
  thankedWrongStatus: boolean;
  watched: boolean;
  end: 'resolved' | 'max_turns' | undefined;
}

/** The first ending reason that applies, in ChronosBench's order (docs/time.md). */
function endingOf(f: EndingFacts): TimeEnding {
  const rules: [TimeEnding, boolean][] = [
    ['finished_properly', f.completed],
    ['arbitrary_completion', f.positive && f.arbitrary],
    ['silent_in_positive', f.positive && f.missed > 0 && f.watched],
    ['completed_in_negative', !f.positive && f.completedEver],
    ['not_completed_after_thanks', f.thankedWrongStatus],
    ['never_watched', !f.watched],
    ['max_turns', f.end === 'max_turns'],
    ['error', f.end === undefined],
  ];
  return rules.find(([, applies]) => applies)?.[0] ?? 'other_error';
}
