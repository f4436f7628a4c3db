/**
 * The located checks of a proposal scenario that a schema cannot express: activity steps
 * naming apps the scenario does not have, reveals naming unknown goals, `accept` patterns, and
 * proposal keys used without `proposals: required`.
 */
import { APPS } from '../apps/catalog.ts';
import { SCREENS_BY_APP } from '../apps/screens/index.ts';
import { checkPattern } from '../scenario/regex.ts';
import type { ScenarioFile } from '../scenario/schema.ts';

type Path = (string | number)[];

export function checkProposalScenario(
  s: ScenarioFile,
  err: (path: Path, message: string) => void,
  warn: (path: Path, message: string) => void,
): void {
  const apps = new Set(APPS.map((a) => a.name));
  const intentIds = new Set(s.intents.map((i) => i.id));
  if (!s.proposals) {
    if (s.activity)
      err(
        ['activity'],
        '`activity` needs `proposals: required` (the user works in the apps while the agent observes)',
      );
    if (s.noise) err(['noise'], '`noise` needs `proposals: required`');
    s.intents.forEach((i, k) => {
      if (i.accept) err(['intents', k, 'accept'], '`accept` needs `proposals: required`');
    });
    return;
  }
  (s.activity ?? []).forEach((step, k) => {
    if ('app' in step && !apps.has(step.app))
      err(['activity', k, 'app'], `unknown app \`${step.app}\` (apps: ${[...apps].join(', ')})`);
    else if ('app' in step) {
      checkScreenStep(step, (path, message) => err(['activity', k, ...path], message));
      if (!(s.tools ?? []).includes(step.app))
        warn(
          ['activity', k, 'app'],
          `the user uses \`${step.app}\`, which is not in this scenario's \`tools\`: the agent cannot act in it`,
        );
    }
    if ('say' in step)
      (step.reveals ?? []).forEach((id, j) => {
        if (!intentIds.has(id))
          err(['activity', k, 'reveals', j], `\`${id}\` is not a goal of this scenario`);
      });
  });
  s.intents.forEach((i, k) => {
    if (!i.accept) return;
    const problem = checkPattern(i.accept);
    if (problem) err(['intents', k, 'accept'], `invalid pattern: ${problem.message}`);
  });
  if (!s.intents.some((i) => i.accept))
    warn(['intents'], 'no goal has an `accept` pattern: the rules user rejects every proposal');
  if (!s.activity?.length)
    warn(
      ['proposals'],
      'no `activity`: the user does nothing, so the session ends after the first observation',
    );
}

const BUILT_IN = ['open_app', 'back', 'home', 'open', 'fill', 'submit'];

/** A screen step's action must be one the app's screens offer, with that form's fields. */
function checkScreenStep(
  step: { app: string; action: string; args?: Record<string, unknown> | undefined },
  err: (path: Path, message: string) => void,
): void {
  const screens = SCREENS_BY_APP.get(step.app);
  if (!screens) return;
  const forms = screens.screens.flatMap((sc) =>
    (sc.actions ?? []).map((a) => ({ ...a, screen: sc.id })),
  );
  const known = [...new Set([...BUILT_IN, ...forms.map((a) => a.name)])];
  if (!known.includes(step.action)) {
    err(
      ['action'],
      `\`${step.app}\` has no screen action \`${step.action}\` (its actions: ${known.join(', ')}; docs/apps/screens.md)`,
    );
    return;
  }
  const args = Object.keys(step.args ?? {});
  if (step.action === 'open' && !args.includes('item'))
    err(['action'], "`open` needs `args: { item: N }` (a number, or text of the item's line)");
  const fieldsOf = (a: (typeof forms)[number]) => (a.fields ?? []).map((f) => f.replace(/\?$/, ''));
  if (step.action === 'fill') {
    const all = [...new Set(forms.flatMap(fieldsOf))];
    const field = String(step.args?.field ?? '');
    if (!args.includes('field') || !args.includes('value'))
      err(['action'], '`fill` needs `args: { field: NAME, value: TEXT }`');
    else if (!all.includes(field))
      err(
        ['args', 'field'],
        `no form of \`${step.app}\` has a field \`${field}\` (fields: ${all.join(', ')})`,
      );
    return;
  }
  if (BUILT_IN.includes(step.action)) return;
  // An action with fields opens its form: the fields are filled by `fill` steps, then `submit`.
  const candidates = forms.filter((a) => a.name === step.action);
  if (args.length && candidates.some((a) => fieldsOf(a).length))
    err(
      ['args'],
      `\`${step.action}\` opens a form: fill its fields with \`fill\` steps (${[...new Set(candidates.flatMap(fieldsOf))].join(', ')}), then \`submit\``,
    );
}
