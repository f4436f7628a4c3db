/**
 * Located errors of time scenarios (validate) and the two authoring warnings (lint): each
 * points at the line and column of the key that is wrong.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { lintPaths } from '../../src/lint/index.ts';
import { makeLibrary } from '../helpers/library.ts';

function scenario(o: {
  clock?: string;
  tools?: string;
  updates: string;
  intents?: string;
}): string {
  return `id: p/watch
persona: p
title: Watch
${o.clock ?? 'clock: { start: "2026-05-04T09:00:00+08:00" }'}
trigger: { kind: user, text: Watch the prices for me. }
tools: ${o.tools ?? '[files, time, environment]'}
environment:
  name: prices
  updates:
${o.updates}
intents:
  - id: I1
    text: Under 100.
    done: { reply_matches: "100" }
${o.intents ?? ''}
`;
}

const U1 = `    - { id: U1, at: +1d, text: Price 120., expect: keep_silent }`;
const U2 = `    - { id: U2, at: +2d, text: Price 90., expect: follow_up }`;

function errors(yaml: string): string[] {
  const root = makeLibrary({ 'scenarios/p/watch.yaml': yaml });
  return validatePaths([path.join(root, 'scenarios')]).diagnostics.map(
    (d) => `${d.line}:${d.col} ${d.severity}: ${d.message}`,
  );
}

describe('time scenarios: located validate errors', () => {
  it('reports bad clock values and offsets where they are written', () => {
    const out = errors(
      scenario({
        clock: 'clock: { start: "May 4th", turn: 2 minutes }',
        updates: `    - { id: U1, at: tomorrow, text: Price 120. }`,
      }),
    );
    expect(out).toEqual([
      expect.stringMatching(/^4:17 error: .*`clock\.start`.*May 4th/),
      expect.stringMatching(/^4:34 error: .*2 minutes/),
      expect.stringMatching(/^10:21 error: .*tomorrow/),
    ]);
  });

  it('reports updates out of time order, and an expect that can never be seen', () => {
    expect(errors(scenario({ updates: `${U2}\n${U1.replace('+1d', '+1d')}` }))).toEqual([
      expect.stringMatching(
        /^11:7 warning: update `U1` comes after `U2`, whose follow-up meets every need/,
      ),
      expect.stringMatching(/^11:21 error: update `U1` \(\+1d\) comes before `U2`/),
    ]);
    expect(errors(scenario({ tools: '[files, environment]', updates: U1 }))).toEqual([
      expect.stringMatching(/^10:52 error: update `U1` expects keep silent but can never be seen/),
    ]);
  });

  it('warns about an update after the one expected to meet every need (the user thanks there and the session ends)', () => {
    const U3 = `    - { id: U3, at: +3d, text: Price 80., expect: follow_up }`;
    expect(errors(scenario({ updates: `${U1}\n${U2}\n${U3}` }))).toEqual([
      '12:7 warning: update `U3` comes after `U2`, whose follow-up meets every need: the user thanks then and the session ends, so `U3` never counts',
    ]);
    // A follow-up on U2 that shifts the intention (the user says a new need) meets nothing yet: U3 counts.
    const shift = `  - id: I2
    text: Under 85 now.
    reveal: Make that under 85.
    after: { follow_up: U2 }
    done: { reply_matches: "85" }`;
    expect(errors(scenario({ updates: `${U1}\n${U2}\n${U3}`, intents: shift }))).toEqual([]);
  });

  it('reports an intent waiting for an unknown update, unknown or self supersedes, and supersedes cycles', () => {
    const out = errors(
      scenario({
        updates: `${U1}\n${U2}`,
        intents: `  - id: I2
    text: Shift A.
    after: { follow_up: U9 }
    supersedes: [I3, I7]
  - id: I3
    text: Shift B.
    after: { follow_up: U2 }
    supersedes: [I2]`,
      }),
    );
    expect(out.filter((l) => l.includes(' error: '))).toEqual([
      expect.stringMatching(
        /^18:25 error: intent `I2` waits for a follow-up on `U9`, which is not an update of this scenario \(updates: U1, U2\)/,
      ),
      expect.stringMatching(/^19:17 error: supersedes forms a cycle: I2 → I3 → I2/),
      expect.stringMatching(/^19:22 error: intent `I2` supersedes `I7`, which is not an intent/),
    ]);
  });
});

describe('time scenarios: lint', () => {
  it('warns about a follow-up nothing can recognise and an intent that can never open', async () => {
    const root = makeLibrary({
      'scenarios/p/watch.yaml': scenario({
        updates: `${U1}\n${U2}`,
        intents: `  - id: I2
    text: Tell me the price.
    after: { follow_up: U1 }`,
      }),
    });
    const { diagnostics } = await lintPaths([path.join(root, 'scenarios')]);
    const found = diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`);
    expect(found).toContainEqual(
      expect.stringMatching(
        /^11:51 `U2` expects a follow-up, but no intent waits for it.*\[unrecognised-follow-up\]/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /^18:12 intent `I2` can never open: `U1` expects silence.*\[unopenable-intent\]/,
      ),
    );
  });
});
