/**
 * A proposal scenario played by a person forks exactly: the recorded user's moves on the phone
 * (opening apps, items, waiting, writing to the assistant) and its verdicts on the proposals
 * (accepted or rejected, with the reason typed, after looking into one first) are replayed in
 * their turns, so forking at every turn records the parent's session again up to the fork turn,
 * and the rules user goes on from there. Before, the recorded user had no phone: the scenario's
 * scripted activity played instead and every fork of such a recording was refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { atTurn, loadForkSource } from '../../src/fork/source.ts';
import { runFork } from '../../src/fork/run.ts';
import { normalised } from './goldens.ts';
import { config, personPlays, registry, withUser } from './person.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fork-person-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** researcher/soap-list played by a person who types `typed`, then waits. */
const personPlaysSoap = (name: string, typed: string[], maxTurns: number) =>
  personPlays('researcher/soap-list', path.join(dir, name), typed, { rest: 'wait', maxTurns });

/** A recording's lines without time offsets, header or the backends its session_start names. */
function session(file: string): string[] {
  return normalised(file)
    .slice(1)
    .map((line) => {
      const e = JSON.parse(line) as Record<string, unknown>;
      if (e.type === 'session_start') delete e.backends;
      return JSON.stringify(e);
    });
}

/**
 * Everything up to the end of turn `turn`: the lines before the tick that follows it. At the last
 * turn, not the parent's end: a person's session ends once the goal is reached, the rules user's
 * when its activity is played, so the fork's live user decides.
 */
function prefix(lines: string[], turn: number): string[] {
  const next = lines.findIndex((l) => {
    const e = JSON.parse(l) as { type: string; turn?: number };
    return e.type === 'tick' && e.turn === turn;
  });
  if (next >= 0) return lines.slice(0, next);
  const ending = new Set(['score', 'session_end']);
  return lines.filter((l) => !ending.has((JSON.parse(l) as { type: string }).type));
}

/** Forks `file` at every turn with the rules user; each fork's prefix is the parent's. */
async function forkEveryTurn(file: string): Promise<number> {
  const parent = session(file);
  const source = loadForkSource(file, 0);
  for (let turn = 0; turn <= source.turns; turn++) {
    const out = path.join(dir, `fork-${turn}-${path.basename(file)}`);
    await runFork(atTurn(source, turn), {
      specs: withUser('rules'),
      config,
      registry,
      out,
    });
    const forked = session(out);
    const want = prefix(parent, turn);
    expect(want.length, `turn ${turn}`).toBeGreaterThan(turn);
    expect(forked.slice(0, want.length), `forked at turn ${turn}`).toEqual(want);
    rmSync(out);
  }
  return source.turns;
}

const moves = (file: string) =>
  session(file)
    .map((l) => JSON.parse(l) as { type: string; kind?: string; action?: string; verdict?: string })
    .filter((e) => e.type === 'user_action' || e.type === 'proposal_verdict');

describe('a proposal scenario a person played', () => {
  it('accepted after looking into it first: forks at every turn, the prefix as recorded', async () => {
    // Opens Messages from the home screen, waits, looks into P1 for a tick, accepts it; the
    // script carries it out in the turn the yes opens and the person's session ends resolved.
    const file = await personPlaysSoap('accepts', ['1', 'wait', 'wait', 'y'], 6);
    const acts = moves(file);
    expect(acts[0]).toMatchObject({ kind: 'screen', action: 'open_app' });
    expect(acts).toContainEqual(expect.objectContaining({ verdict: 'accepted' }));
    expect(await forkEveryTurn(file)).toBe(4);
  }, 60_000);

  it('rejected with a reason, moves in apps, words to the assistant and wrong moves: the same', async () => {
    const typed = [
      'open_app todoist',
      '1',
      'n not now, I will buy it myself',
      'say thanks, I have got it',
      'back',
      'back',
      'frobnicate',
      '2',
    ];
    const file = await personPlaysSoap('rejects', typed, 8);
    const acts = moves(file);
    expect(acts).toContainEqual(
      expect.objectContaining({ verdict: 'rejected', reason: 'not now, I will buy it myself' }),
    );
    expect(acts).toContainEqual(expect.objectContaining({ kind: 'say' }));
    expect(acts).toContainEqual(expect.objectContaining({ ok: false }));
    expect(await forkEveryTurn(file)).toBe(8);
  }, 60_000);
});
