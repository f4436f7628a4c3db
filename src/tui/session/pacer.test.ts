import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer.ts';

/** Resolves true when `p` settles within a few event-loop turns. */
async function settles(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

describe('watch pacing', () => {
  it('holds turns while paused and lets exactly one through per step', async () => {
    const pacer = new Pacer({ paused: true, delayMs: 0 });
    const first = pacer.pace(1);
    expect(await settles(first)).toBe(false);
    pacer.step();
    expect(await settles(first)).toBe(true);
    const second = pacer.pace(2);
    expect(await settles(second)).toBe(false);
    pacer.togglePause();
    expect(await settles(second)).toBe(true);
  });

  it('pauses after the turn in progress when stepping while running', async () => {
    const states: boolean[] = [];
    const pacer = new Pacer({ paused: false, delayMs: 0 }, (s) => states.push(s.paused));
    pacer.step();
    expect(pacer.paused).toBe(true);
    expect(states).toEqual([true]);
    expect(await settles(pacer.pace(2))).toBe(false);
  });

  it('waits the delay between turns, and a faster pace cuts a wait short', async () => {
    const pacer = new Pacer({ paused: false, delayMs: 4000 });
    expect(await settles(pacer.pace(1))).toBe(true); // the first turn never waits
    const second = pacer.pace(2);
    expect(await settles(second)).toBe(false);
    for (let i = 0; i < 5; i++) pacer.faster();
    expect(pacer.delayMs).toBe(0);
    expect(await settles(second)).toBe(true);
    pacer.slower();
    expect(pacer.delayMs).toBe(250);
  });

  it('stops holding anything once released (take-over, quit)', async () => {
    const pacer = new Pacer({ paused: true, delayMs: 1000 });
    const held = pacer.pace(3);
    pacer.release();
    expect(await settles(held)).toBe(true);
    expect(await settles(pacer.pace(4))).toBe(true);
  });
});
