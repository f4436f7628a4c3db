/** Located errors and warnings of proposal scenarios (validate). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { makeLibrary } from '../helpers/library.ts';

function diagnostics(body: string): string[] {
  const root = makeLibrary({
    'scenarios/p/s.yaml': `id: p/s
persona: p
title: S
trigger: { kind: event, text: Pat is on the phone. }
tools: [todoist]
${body}`,
  });
  return validatePaths([path.join(root, 'scenarios')]).diagnostics.map(
    (d) => `${d.line}:${d.col} ${d.severity}: ${d.message}`,
  );
}

const GOAL = `intents:
  - { id: G1, text: Soap., accept: "(?i)soap", done: { app_state: { app: todoist, path: tasks.*.title, pattern: soap } } }`;

const ACTIVITY = `activity:
  - { app: calender, action: open }
  - { app: gmail, action: open_inbox }
  - { app: todoist, action: fill, args: { field: titel, value: Soap } }
  - { say: Add soap please., reveals: [G9] }
  - { app: todoist, action: add_task, args: { title: Soap } }
`;

describe('proposal scenarios: located checks', () => {
  it('reports an unknown app, a step in an app the agent lacks, an unknown goal and bad noise where they are written', () => {
    expect(
      diagnostics(`proposals: required
${ACTIVITY}noise: { tool_failure: 1.5, notifications_per_hour: -1 }
${GOAL}`),
    ).toEqual([
      expect.stringMatching(
        /^13:24 error: `noise\.tool_failure`: Too big: expected number to be <=1/,
      ),
      expect.stringMatching(/^13:53 error: `noise\.notifications_per_hour`: Too small/),
    ]);
    expect(
      diagnostics(`proposals: required
${ACTIVITY}${GOAL}`),
    ).toEqual([
      expect.stringMatching(/^8:12 error: unknown app `calender` \(apps: gmail, /),
      expect.stringMatching(
        /^9:12 warning: the user uses `gmail`, which is not in this scenario's `tools`/,
      ),
      expect.stringMatching(
        /^9:27 error: `gmail` has no screen action `open_inbox` \(its actions: open_app, back, home, open, fill, submit, compose, search, sent, reply, archive, star; docs\/apps\/screens\.md\)/,
      ),
      expect.stringMatching(
        /^10:\d+ error: no form of `todoist` has a field `titel` \(fields: name, title, due_date, description\)/,
      ),
      expect.stringMatching(/^11:40 error: `G9` is not a goal of this scenario/),
      expect.stringMatching(
        /^12:\d+ error: `add_task` opens a form: fill its fields with `fill` steps \(title, due_date, description\), then `submit`/,
      ),
    ]);
  });

  it('refuses proposal keys without proposals: required, and a bad accept pattern', () => {
    expect(
      diagnostics(`activity: [{ wait: true }]\n${GOAL.replace('(?i)soap', '(?i)soap(')}`),
    ).toEqual([
      expect.stringMatching(/^6:11 error: `activity` needs `proposals: required`/),
      expect.stringMatching(/^8:\d+ error: `accept` needs `proposals: required`/),
    ]);
    expect(
      diagnostics(
        `proposals: required\nactivity: [{ wait: true }]\n${GOAL.replace('(?i)soap', '(?i)soap(')}`,
      ),
    ).toEqual([expect.stringMatching(/^9:36 error: invalid pattern: missing closing \)/)]);
  });
});
