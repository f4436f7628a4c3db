/**
 * How a participant's session `k` is played: the assigned scenario under its condition's
 * backends, the person as the user in the participant's view (no statuses set by hand),
 * recorded in the participant's folder with the study's frozen protocol in its header.
 */
import { given } from '../../contracts/optional.ts';
import path from 'node:path';
import { UserError } from '../../contracts/diagnostics.ts';
import type { LoadedScenario } from '../../scenario/library.ts';
import { sessionSetup } from '../../session/setup.ts';
import type { Study } from '../../study/load.ts';
import { participantDir, type ParticipantState } from '../../study/participant.ts';
import { sessionProtocol } from '../../study/protocol.ts';
import type { LiveOptions } from './live-options.ts';

export function studySessionOptions(o: {
  study: Study;
  dataDir: string;
  /** The participant's state as it is when read. */
  state: () => ParticipantState;
  k: number;
  /** Fixed date for the agent (tests). */
  date: string | undefined;
}): { scenario: LoadedScenario; options: Omit<LiveOptions, 'onEvent'> } {
  const { study } = o;
  const assigned = o.state().sessions[o.k]!;
  const scenario = study.lib.scenarios.get(assigned.scenario);
  if (!scenario) throw new UserError(`scenario ${assigned.scenario} is no longer in the library`);
  const condition = study.conditions[assigned.condition]!;
  const setup = sessionSetup({
    agent: condition.agent,
    judge: condition.judge ?? 'rules',
    ...given({
      agentModel: condition.agent_model,
      judgeModel: condition.judge_model,
      baseUrl: condition.base_url,
    }),
  });
  const options = {
    groups: [{ id: scenario.id, kind: 'chain' as const, library: study.lib, sessions: [scenario] }],
    setup,
    mode: 'play' as const,
    overrides: false,
    participant: study.participant_view,
    recordingsDir: path.join(participantDir(o.dataDir, o.state().participant), 'recordings'),
    protocol: () => {
      const state = o.state();
      return {
        ...sessionProtocol(
          study,
          { id: state.participant, ordinal: state.ordinal },
          assigned,
          state.sessions.length,
          scenario,
        ),
      };
    },
    ...given({ maxTurns: condition.max_turns, date: o.date }),
  };
  return { scenario, options };
}
