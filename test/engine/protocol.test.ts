/** The turn protocol (docs/engine.md), stage by stage, through real scenario files and the rules backends. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventOf, TimedEvent } from '../../src/contracts/events.ts';
import { makeLibrary } from '../helpers/library.ts';
import { runTarget } from '../helpers/run.ts';

/** Three intents with ask patterns and done rules, and a reference trajectory given per test. */
function scenario(references: string, extra = ''): string {
  return `id: p/s
persona: p
title: Test session
trigger: { kind: user, text: Plan my week. }
intents:
  - id: I1
    text: Budget is 200 EUR.
    reveal: Keep it under 200 EUR.
    ask: ["(?i)budget"]
    done: { reply_matches: "200 EUR" }
  - id: I2
    text: Vegetarian meals.
    reveal: I'm vegetarian.
    ask: ["(?i)diet|vegetarian"]
    done: { file_matches: { path: "*.md", pattern: "(?i)vegetarian" } }
  - id: I3
    text: Cook on Sundays.
    reveal: I cook on Sundays.
    ask: ["(?i)cook"]
    done: { reply_matches: "(?i)sunday" }
checklist:
  - id: C1
    text: A plan file exists.
    grader: rule
    rule: { file_exists: plan.md }
${extra}
references:
  main:
${references}
`;
}

async function run(references: string, extra = '', opts: { maxTurns?: number } = {}) {
  const root = makeLibrary({ 'scenarios/p/s.yaml': scenario(references, extra) });
  return runTarget(path.join(root, 'scenarios/p/s.yaml'), opts);
}

const statusChanges = (events: TimedEvent[]) =>
  events
    .filter((e): e is EventOf<'intent_status'> & { t: number } => e.type === 'intent_status')
    .map((e) => `${e.turn}:${e.intent}:${e.to}`);
const userMessages = (events: TimedEvent[]) =>
  events
    .filter(
      (e): e is EventOf<'message'> & { t: number } => e.type === 'message' && e.role === 'user',
    )
    .map((e) => e.text);

describe('turn protocol', () => {
  it('a generic question targets nothing, so stage 3 reveals the first open intent', async () => {
    const { events, results } = await run(`    - say: Here is a start. Anything else you'd like?`);
    // The picked intent is provided in turn 2, the turn of the message that tells it.
    expect(statusChanges(events).slice(0, 1)).toEqual(['2:I1:provided']);
    expect(userMessages(events)[1]).toBe('Keep it under 200 EUR.');
    expect(results[0]!.scores.intents).toEqual({ I1: 'provided', I2: 'provided', I3: 'provided' });
    expect(results[0]!.scores.proc).toBe(0);
  });

  it('one turn completes two intents and asks about the third: answered, then one final turn', async () => {
    const { events, results } =
      await run(`    - say: "Plan within 200 EUR saved to plan.md. Which day do you usually cook?"
      actions:
        - { tool: write_file, args: { path: plan.md, content: "vegetarian plan" } }
    - say: Added Sunday cooking.`);
    expect(statusChanges(events)).toEqual(['1:I1:completed', '1:I2:completed', '1:I3:inferred']);
    const inferred = events.find(
      (e) => e.type === 'intent_status' && e.to === 'inferred',
    ) as EventOf<'intent_status'>;
    expect(inferred.detail).toBe('Which day do you usually cook?');
    // The next user message answers exactly the targeted intent.
    expect(userMessages(events)).toEqual(['Plan my week.', 'I cook on Sundays.']);
    const r = results[0]!;
    expect(r.end).toBe('resolved');
    expect(r.scores.turns).toBe(2);
    expect(r.scores.proc).toBe(1);
    expect(r.scores.checklist).toEqual({ C1: true });
  });

  it('an intent already closed stays closed when a later question mentions it', async () => {
    const { events, results } = await run(`    - say: Within 200 EUR as usual.
    - say: What budget should I use, and any diet?`);
    // Turn 1 completes I1; stage 3 has turn 2's message provide I2. Turn 2 asks about budget (I1, closed) and diet (I2, closed):
    // nothing targets an open intent, so stage 3 has turn 3's message provide I3.
    expect(statusChanges(events)).toEqual(['1:I1:completed', '2:I2:provided', '3:I3:provided']);
    expect(results[0]!.scores.intents.I1).toBe('completed');
  });

  it('max_turns: after the turn that reaches it, stage 1 only, and what is open becomes unresolved', async () => {
    const { events, results } = await run(
      `    - say: Here is a start.
    - say: Here you go, within 200 EUR.`,
      '',
      { maxTurns: 2 },
    );
    expect(statusChanges(events)).toEqual(['2:I1:provided', '2:I2:unresolved', '2:I3:unresolved']);
    const r = results[0]!;
    expect(r.end).toBe('max_turns');
    expect(r.scores.turns).toBe(2);
    expect(r.scores.proc).toBe(0);
    // No user message after the last turn.
    expect(userMessages(events)).toHaveLength(2);
  });

  it('the last intent closed by stage 3 is followed by exactly one more agent turn', async () => {
    const { events, results } = await run(`    - say: "Within 200 EUR; plan.md is vegetarian."
      actions:
        - { tool: write_file, args: { path: plan.md, content: "vegetarian" } }
    - say: Noted.`);
    // Turn 1 completes I1 and I2; stage 3 has turn 2's message provide I3 (the last open one); the
    // agent answers once more.
    expect(statusChanges(events)).toEqual(['1:I1:completed', '1:I2:completed', '2:I3:provided']);
    const r = results[0]!;
    expect(r.scores.turns).toBe(2);
    expect(r.end).toBe('resolved');
    expect(events.filter((e) => e.type === 'turn_start')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'session_end', end: 'resolved', turns: 2 });
  });

  it('a reactive agent takes intents + 1 turns, every intent provided', async () => {
    const { results } = await run(`    - say: OK.`);
    expect(results[0]!.scores.turns).toBe(4);
    expect(Object.values(results[0]!.scores.intents)).toEqual(['provided', 'provided', 'provided']);
  });

  it('the session ends at once when stage 1 closes every intent', async () => {
    const { results, events } = await run(`    - say: "200 EUR, vegetarian, cooking Sunday."
      actions:
        - { tool: write_file, args: { path: plan.md, content: "vegetarian" } }`);
    expect(results[0]!.scores.turns).toBe(1);
    expect(userMessages(events)).toEqual(['Plan my week.']);
  });

  it('the tool-step cap ends the turn with an error event and the session goes on', async () => {
    const { events, results } = await run(
      `    - say: Writing.
      actions:
        - { tool: write_file, args: { path: a.md, content: a } }
        - { tool: write_file, args: { path: b.md, content: b } }
        - { tool: write_file, args: { path: c.md, content: c } }`,
      'limits: { tool_steps: 2 }',
    );
    expect(events.filter((e) => e.type === 'tool_call')).toHaveLength(2);
    const end = events.find((e) => e.type === 'turn_end') as EventOf<'turn_end'>;
    expect(end.error).toMatch(/tool-step cap reached \(2/);
    expect(results[0]!.end).toBe('resolved');
  });

  it('a failing tool call is reported to the agent as an error, not a crash', async () => {
    const { events } = await run(`    - say: Reading.
      actions:
        - { tool: read_file, args: { path: missing.md } }
        - { tool: no_such_tool, args: {} }`);
    const results = events.filter((e) => e.type === 'tool_result') as EventOf<'tool_result'>[];
    expect(results.map((r) => [r.ok, r.error])).toEqual([
      [false, 'no such file: missing.md'],
      [false, 'unknown tool: no_such_tool'],
    ]);
  });

  it('an environment trigger arrives as an event message', async () => {
    const root = makeLibrary({
      'scenarios/p/s.yaml': scenario(`    - say: OK.`).replace(
        'trigger: { kind: user, text: Plan my week. }',
        'trigger: { kind: event, source: feed, text: "New papers: 3" }',
      ),
    });
    const { events } = await runTarget(path.join(root, 'scenarios/p/s.yaml'));
    expect(events.find((e) => e.type === 'message')).toMatchObject({
      role: 'event',
      source: 'feed',
      text: 'New papers: 3',
      turn: 1,
    });
  });

  it('workspace diffs are reported per turn with +/- counts', async () => {
    const { events } = await run(`    - say: Drafted.
      actions:
        - { tool: write_file, args: { path: plan.md, content: "line one\\nline two\\n" } }
    - say: Edited.
      actions:
        - { tool: edit_file, args: { path: plan.md, old_string: "line two", new_string: "line 2" } }`);
    const diffs = events.filter((e) => e.type === 'workspace_diff') as EventOf<'workspace_diff'>[];
    expect(
      diffs.map((d) => [
        d.turn,
        d.files.map((f) => `${f.path} ${f.change} +${f.additions} -${f.deletions}`),
      ]),
    ).toEqual([
      [1, ['plan.md added +2 -0']],
      [2, ['plan.md modified +1 -1']],
    ]);
    expect(diffs[1]!.files[0]!.patch).toContain('-line two\n+line 2');
  });
});
