/**
 * The frozen protocol of one study session, written into its recording's header: enough to
 * say later exactly what the participant met (content hashes of the study, scenario and
 * persona files, the condition's backends and models, the seed, intentplay's version).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import type { AssignedSession } from './design.ts';
import type { Study } from './load.ts';

export const sha256File = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

export interface SessionProtocol {
  study: string;
  study_sha256: string;
  consent_version: string;
  participant: string;
  ordinal: number;
  session: number;
  sessions: number;
  condition: string;
  scenario: string;
  scenario_sha256: string;
  persona: string;
  persona_sha256: string | null;
  backends: { agent: string; user: 'human'; judge: string };
  models: { agent?: string; judge?: string };
  design: { type: 'within' | 'between'; seed: number };
  participant_view: { intents: 'goals' | 'live'; verdicts: boolean };
  time_limit: string | null;
  intentplay: string;
}

export function sessionProtocol(
  study: Study,
  participant: { id: string; ordinal: number },
  assigned: AssignedSession,
  total: number,
  scenario: LoadedScenario,
): SessionProtocol {
  const condition = study.conditions[assigned.condition]!;
  const persona = study.lib.personas.get(scenario.persona);
  return {
    study: study.title,
    study_sha256: study.sha256,
    consent_version: study.consent.version,
    participant: participant.id,
    ordinal: participant.ordinal,
    session: assigned.index,
    sessions: total,
    condition: assigned.condition,
    scenario: scenario.id,
    scenario_sha256: sha256File(scenario.file),
    persona: scenario.persona,
    persona_sha256: persona ? sha256File(persona.file) : null,
    backends: { agent: condition.agent, user: 'human', judge: condition.judge ?? 'rules' },
    models: {
      ...(condition.agent_model ? { agent: condition.agent_model } : {}),
      ...(condition.judge_model ? { judge: condition.judge_model } : {}),
    },
    design: study.design,
    participant_view: study.participant_view,
    time_limit: study.time_limit ?? null,
    intentplay: INTENTPLAY_VERSION,
  };
}
