/**
 * Mutated scenario files for property-based fuzzing of the loaders: a valid scenario, then a
 * few edits of the kinds an audit throws at a parser (flipped characters, lines dropped or
 * doubled, YAML tokens and aliases inserted, tabs, control characters, deep nesting, huge
 * values). Seeded by fast-check, so a failure names its seed and replays.
 */
import fc from 'fast-check';

export const SEED_SCENARIO = `id: p/a
persona: p
title: A scenario
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Help me plan the week. }
workspace:
  files:
    notes/plan.md: |
      Monday: gym
      Budget: 300
tools: [files, memory, time, environment, todoist]
environment:
  name: prices
  state: { price: 150 }
  updates:
    - { id: U1, at: +1d, set: { price: 90 }, text: Price now 90., expect: follow_up }
intents:
  - id: I1
    text: Keep it under 300.
    reveal: Under 300 please.
    ask: ["(?i)budget"]
    done: { reply_matches: "300" }
  - id: I2
    text: Follow up when it drops.
    after: { follow_up: U1 }
    supersedes: [I1]
    done: { reply_matches: "(?i)90" }
checklist:
  - { id: C1, text: Budget mentioned., grader: rule, rule: { reply_matches: "300" } }
  - { id: C2, text: Task added., grader: rule, rule: { app_state: { app: todoist, path: tasks.*.title, pattern: "(?i)plan" } } }
references:
  main:
    - say: Under 300, noted.
      actions: [{ tool: write_file, args: { path: plan.md, content: x } }]
`;

const TOKENS = [
  '*a',
  '&a ',
  '[',
  ']',
  '{',
  '}',
  ': ',
  '- ',
  '? ',
  '!!str ',
  '\t',
  '"',
  "'",
  '#',
  '|',
  '>',
  '%YAML 1.1\n',
  '---\n',
  '...\n',
  '\u001b]0;x\u0007',
  '\u0000',
  '(?=x)',
  '((a+)+)$',
  '../../etc/passwd',
  '/abs/path',
  '~',
  'null',
  '1e999',
  '-1',
  'true',
];

type Edit = {
  kind: 'flip' | 'drop' | 'dup' | 'insert' | 'nest' | 'huge';
  at: number;
  token: number;
  depth: number;
};

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('flip', 'drop', 'dup', 'insert', 'nest', 'huge'),
  at: fc.nat(),
  token: fc.nat(),
  depth: fc.integer({ min: 1, max: 120 }),
});

function apply(text: string, e: Edit): string {
  const lines = text.split('\n');
  const i = e.at % Math.max(1, lines.length);
  const pos = e.at % Math.max(1, text.length);
  const token = TOKENS[e.token % TOKENS.length]!;
  switch (e.kind) {
    case 'flip':
      return (
        text.slice(0, pos) +
        String.fromCharCode((text.charCodeAt(pos) + 1 + (e.token % 90)) % 128) +
        text.slice(pos + 1)
      );
    case 'drop':
      return [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
    case 'dup':
      return [...lines.slice(0, i + 1), ...lines.slice(i)].join('\n');
    case 'insert':
      return text.slice(0, pos) + token + text.slice(pos);
    case 'nest':
      return `${text}\nx: ${'['.repeat(e.depth)}${']'.repeat(e.depth)}\n`;
    case 'huge':
      return text.slice(0, pos) + 'a'.repeat(e.depth * 20) + text.slice(pos);
  }
}

/** A scenario file text after one to four edits. */
export const mutatedScenario: fc.Arbitrary<string> = fc
  .array(edit, { minLength: 1, maxLength: 4 })
  .map((edits) => edits.reduce(apply, SEED_SCENARIO));
