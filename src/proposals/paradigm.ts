/**
 * Proposal scenarios as a paradigm (src/contracts/paradigm.ts): their scenario and intent keys,
 * their checks, `propose` and `wait` (offered by the protocol, not named in `tools:`), and the
 * proposal protocol. A scenario with `proposals: required` plays it; it runs on the shared clock
 * and a time scenario's keys, so it is listed after the time paradigm.
 */
import type { z } from 'zod';
import type { Paradigm } from '../contracts/paradigm.ts';
import { ProposalProtocol } from './protocol.ts';
import { intentProposalKeys, scenarioProposalKeys } from './schema.ts';
import { proposalTools } from './tools.ts';
import { checkProposalScenario } from './validate.ts';
import type { ProposalWorld } from './world.ts';
import { aggregateProposals } from './aggregate.ts';
import { proposalsSection } from './report-section.ts';
import { noiseOption } from './noise-flag.ts';
import { proposalView } from './view.ts';

type Keys<T extends Record<string, z.ZodType>> = { [K in keyof T]?: z.output<T[K]> };

// The keys' types, derived from their schemas, join the scenario's type wherever it is read.
declare module '../scenario/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the scenario's type
  interface ScenarioParadigmKeys extends Keys<typeof scenarioProposalKeys> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into each intent's type
  interface IntentParadigmKeys extends Keys<typeof intentProposalKeys> {}
}

declare module '../tools/registry.ts' {
  interface ToolContext {
    /** The proposals of a proposal scenario (absent otherwise). */
    proposals?: ProposalWorld;
  }
}

export const proposalParadigm: Paradigm = {
  name: 'proposals',
  scenarioKeys: scenarioProposalKeys,
  intentKeys: intentProposalKeys,
  plays: (s) => Boolean(s.proposals),
  check: (s, report) => checkProposalScenario(s, report.error, report.warn),
  sessionTools: proposalTools,
  protocol: (core) => new ProposalProtocol(core),
  results: {
    key: 'proposals',
    aggregate: aggregateProposals,
    reportSections: proposalsSection,
  },
  runOptions: [noiseOption],
  view: proposalView,
};
