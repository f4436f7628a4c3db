/**
 * Time scenarios as a paradigm (src/contracts/paradigm.ts): their scenario and intent keys, the
 * checks the schema cannot express, the time tools, and the time protocol. A scenario with a
 * clock, an environment or an intent waiting for a follow-up plays it.
 */
import type { z } from 'zod';
import { validateAppSeeds } from '../apps/index.ts';
import type { Paradigm } from '../contracts/paradigm.ts';
import { TimeProtocol } from './protocol.ts';
import { intentTimeKeys, scenarioTimeKeys } from './schema.ts';
import { environmentTools, timeTools } from './tools.ts';
import { checkTimeScenario } from './validate.ts';
import { checkTimeAuthoring } from './lint-checks.ts';
import { aggregateTime } from './aggregate.ts';
import { timeSection } from './report-section.ts';
import { timeView } from './view.ts';

type Keys<T extends Record<string, z.ZodType>> = { [K in keyof T]?: z.output<T[K]> };

// The keys' types, derived from their schemas, join the scenario's type wherever it is read.
declare module '../scenario/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the scenario's type
  interface ScenarioParadigmKeys extends Keys<typeof scenarioTimeKeys> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into each intent's type
  interface IntentParadigmKeys extends Keys<typeof intentTimeKeys> {}
}

export const timeParadigm: Paradigm = {
  name: 'time',
  scenarioKeys: scenarioTimeKeys,
  intentKeys: intentTimeKeys,
  announcedIntentKeys: ['after', 'supersedes'],
  plays: (s) => Boolean(s.clock || s.environment || s.intents.some((i) => i.after)),
  check(s, report) {
    checkTimeScenario(s, report.error, report.warn);
    (s.environment?.updates ?? []).forEach((u, k) => {
      for (const issue of validateAppSeeds(u.apps ?? {}))
        report.error(
          ['environment', 'updates', k, 'apps', ...issue.path],
          `\`apps.${issue.path.join('.')}\`: ${issue.message}`,
        );
    });
  },
  lint: checkTimeAuthoring,
  tools: [...timeTools, ...environmentTools],
  protocol: (core) => new TimeProtocol(core),
  results: {
    key: 'time',
    aggregate: aggregateTime,
    reportSections: timeSection,
  },
  view: timeView,
};
