/**
 * The located checks of a proposal scenario that a schema cannot express: activity steps
 * naming apps the scenario does not have, reveals naming unknown goals, `accept` patterns, and
 * proposal keys used without `proposals: required`.
 */
import { APPS } from '../apps/catalog.ts';
import { checkPattern } from '../scenario/regex.ts';
import type { ScenarioFile } from '../scenario/schema.ts';

type Path = (string | number)[];

export function checkProposalScenario(s: ScenarioFile, err: (path: Path, message: string) => void, warn: (path: Path, message: string) => void): void {
  const apps = new Set(APPS.map((a) => a.name));
  const intentIds = new Set(s.intents.map((i) => i.id));
  if (!s.proposals) {
    if (s.activity) err(['activity'], '`activity` needs `proposals: required` (the user works in the apps while the agent observes)');
    if (s.noise) err(['noise'], '`noise` needs `proposals: required`');
    s.intents.forEach((i, k) => {
      if (i.accept) err(['intents', k, 'accept'], '`accept` needs `proposals: required`');
    });
    return;
  }
  (s.activity ?? []).forEach((step, k) => {
    if ('app' in step && !apps.has(step.app)) err(['activity', k, 'app'], `unknown app \`${step.app}\` (apps: ${[...apps].join(', ')})`);
    else if ('app' in step && !(s.tools ?? []).includes(step.app)) warn(['activity', k, 'app'], `the user uses \`${step.app}\`, which is not in this scenario's \`tools\`: the agent cannot act in it`);
    if ('say' in step)
      (step.reveals ?? []).forEach((id, j) => {
        if (!intentIds.has(id)) err(['activity', k, 'reveals', j], `\`${id}\` is not a goal of this scenario`);
      });
  });
  s.intents.forEach((i, k) => {
    if (!i.accept) return;
    const problem = checkPattern(i.accept);
    if (problem) err(['intents', k, 'accept'], `invalid pattern: ${problem.message}`);
  });
  if (!s.intents.some((i) => i.accept)) warn(['intents'], 'no goal has an `accept` pattern: the rules user rejects every proposal');
  if (!s.activity?.length) warn(['proposals'], 'no `activity`: the user does nothing, so the session ends after the first observation');
}
