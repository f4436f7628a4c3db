/**
 * A small time scenario for protocol tests: a flat watch where U1 (too dear) calls for silence
 * on day 1 and U2 (a fit) for a follow-up on day 2, played by the script agent's `main` reference.
 */
import path from 'node:path';
import { makeLibrary } from './library.ts';
import { runTarget, type TestRun } from './run.ts';

export interface FlatWatch {
  tools?: string;
  /** Extra keys of U1 and U2 (indented lines). */
  u1?: string;
  u2?: string;
  /** Updates after U2. */
  more?: string;
  intents?: string;
  /** Scenario keys (thanks:, refuse:, branch:, …). */
  extra?: string;
}

export function flatWatch(references: string, o: FlatWatch = {}): string {
  return `id: p/flat
persona: p
title: Flat watch
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Find me a 2-bedroom flat in Xuhui under 9000 a month. }
tools: ${o.tools ?? '[files, memory, time, environment]'}
environment:
  name: listings
  state: { flats: [] }
  updates:
    - id: U1
      at: +1d
      set: { flats: [{ id: F1, area: Xuhui, rooms: 2, rent: 12000 }] }
      text: A 2-bedroom flat in Xuhui at 12000 a month.
      expect: keep_silent
${o.u1 ?? ''}
    - id: U2
      at: +2d
      set: { flats: [{ id: F2, area: Xuhui, rooms: 2, rent: 8500 }] }
      text: A 2-bedroom flat in Xuhui at 8500 a month.
      expect: follow_up
${o.u2 ?? ''}
${o.more ?? ''}
intents:
  - id: I1
    text: Keep watching the listings.
    reveal: Keep an eye out for me.
    done: { reply_matches: "(?i)watch" }
${o.intents ?? ''}
${o.extra ?? ''}
references:
  main:
${references}
`;
}

export function runFlatWatch(yaml: string, opts: { maxTurns?: number } = {}): Promise<TestRun> {
  const root = makeLibrary({ 'scenarios/p/flat.yaml': yaml });
  return runTarget(path.join(root, 'scenarios/p/flat.yaml'), opts);
}
