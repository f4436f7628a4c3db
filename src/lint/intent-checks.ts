/**
 * Checks on one scenario's intents that need no run: hidden content that the trigger
 * already gives away, intents no checklist item grades, and `ask` patterns so broad that
 * a generic question, or a question about another intent, would count as targeting them.
 */
import type { LoadedScenario } from '../scenario/library.ts';
import { testPattern } from '../scenario/regex.ts';
import type { IntentSpec, Rule } from '../scenario/schema.ts';
import type { Finding } from './finding.ts';
import { contentStems, numbers, sharedRun } from './text.ts';

/** Questions that ask for nothing in particular (docs/engine.md): they must target no intent. */
export const GENERIC_QUESTIONS = [
  'Anything else?',
  'Any preferences?',
  "Anything else you'd like?",
  'Is there anything else I can help you with?',
  'Do you have any other requirements?',
  'Any other preferences or constraints?',
  'Is there anything you would like me to add or change?',
  'Does this look good to you?',
  'Should I go ahead?',
  'Would you like me to continue?',
  'What else should I know?',
  'Do you have any questions?',
];

const RUN_LENGTH = 3;
const COVERAGE = 0.8;
const MIN_STEMS_FOR_COVERAGE = 3;

export function checkIntents(s: LoadedScenario): Finding[] {
  return [...triggerLeaks(s), ...unreflectedIntents(s), ...askProblems(s)];
}

function triggerLeaks(s: LoadedScenario): Finding[] {
  const out: Finding[] = [];
  const trigger = s.trigger.text;
  const triggerNumbers = new Set(numbers(trigger));
  const triggerStems = contentStems(trigger);
  const triggerSet = new Set(triggerStems);
  s.intents.forEach((intent, i) => {
    const at = { check: 'trigger-leak' as const, scenario: s, path: ['intents', i, 'text'] };
    const leakedNumber = numbers(intent.text).find((n) => triggerNumbers.has(n));
    if (leakedNumber) {
      out.push({
        ...at,
        message: `intent \`${intent.id}\` is not hidden: the trigger already states \`${leakedNumber}\``,
      });
      return;
    }
    const stems = contentStems(intent.text);
    const run = sharedRun(stems, triggerStems, RUN_LENGTH);
    if (run) {
      out.push({
        ...at,
        message: `intent \`${intent.id}\` is not hidden: the trigger already says “${run.join(' ')}”`,
      });
      return;
    }
    const distinct = [...new Set(stems)];
    const covered = distinct.filter((w) => triggerSet.has(w));
    if (distinct.length >= MIN_STEMS_FOR_COVERAGE && covered.length / distinct.length >= COVERAGE)
      out.push({
        ...at,
        message: `intent \`${intent.id}\` is not hidden: the trigger already uses ${covered.length} of its ${distinct.length} content words (${covered.join(', ')})`,
      });
  });
  return out;
}

/**
 * The leaves of a rule as comparable strings: its patterns (anchors and `(?i)` dropped, so
 * `^a@b$` in an app_state rule equals `a@b` in a tool argument), globs, and the names of
 * tools called without argument patterns.
 */
export function ruleLeaves(rule: Rule | undefined): string[] {
  if (!rule) return [];
  if ('all' in rule) return rule.all.flatMap(ruleLeaves);
  if ('any' in rule) return rule.any.flatMap(ruleLeaves);
  if ('not' in rule) return ruleLeaves(rule.not);
  if ('reply_matches' in rule) return [bare(rule.reply_matches)];
  if ('file_exists' in rule) return [rule.file_exists];
  if ('file_matches' in rule) return [bare(rule.file_matches.pattern)];
  if ('tool_called' in rule) {
    const args = Object.values(rule.tool_called.args ?? {});
    return args.length ? args.map(bare) : [rule.tool_called.name];
  }
  return rule.app_state.pattern !== undefined
    ? [bare(rule.app_state.pattern)]
    : [`${rule.app_state.app}:${rule.app_state.path}`];
}

function bare(pattern: string): string {
  return pattern
    .replace(/^\(\?i\)/, '')
    .replace(/^\^/, '')
    .replace(/\$$/, '');
}

/** An item reflects an intent when their rules share a leaf, or their texts share distinctive words or a number. */
function reflects(intent: IntentSpec, item: { text: string; rule?: Rule }): boolean {
  const leaves = new Set(ruleLeaves(intent.done));
  if (ruleLeaves(item.rule).some((l) => leaves.has(l))) return true;
  const itemNumbers = new Set(numbers(item.text));
  if (numbers(intent.text).some((n) => itemNumbers.has(n))) return true;
  const intentStems = new Set(contentStems(intent.text));
  const shared = new Set(contentStems(item.text).filter((w) => intentStems.has(w)));
  return shared.size >= Math.min(2, intentStems.size);
}

function unreflectedIntents(s: LoadedScenario): Finding[] {
  const items = s.checklist ?? [];
  return s.intents.flatMap((intent, i) =>
    items.some((item) => reflects(intent, item))
      ? []
      : [
          {
            check: 'unreflected-intent' as const,
            scenario: s,
            path: ['intents', i],
            message: `no checklist item reflects intent \`${intent.id}\` (no shared rule pattern, number or distinctive words): its outcome is never graded`,
          },
        ],
  );
}

function askProblems(s: LoadedScenario): Finding[] {
  const out: Finding[] = [];
  s.intents.forEach((intent, i) => {
    (intent.ask ?? []).forEach((pattern, j) => {
      const at = { scenario: s, path: ['intents', i, 'ask', j] };
      const generic = GENERIC_QUESTIONS.find((q) => testPattern(pattern, q));
      if (generic)
        out.push({
          ...at,
          check: 'generic-ask',
          message: `ask pattern of \`${intent.id}\` matches the generic question “${generic}”, which must target nothing`,
        });
      for (const other of s.intents) {
        if (other.id === intent.id) continue;
        const said = [other.text, other.reveal ?? ''].find((t) => t && testPattern(pattern, t));
        if (said) {
          const m = testPattern(pattern, said)!;
          out.push({
            ...at,
            check: 'overlapping-ask',
            message: `ask pattern of \`${intent.id}\` also matches “${m[0]}” in intent \`${other.id}\`: a question about \`${other.id}\` would target \`${intent.id}\` too`,
          });
        }
      }
    });
  });
  return out;
}
