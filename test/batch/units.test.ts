/** Shards and the summary's statistics, on plain data. */
import { describe, expect, it } from 'vitest';
import { summarize, type RunRecord } from '../../src/batch/summary.ts';
import { parseShard, shardUnits, unitKey, type RunUnit } from '../../src/batch/units.ts';
import type { RunGroup } from '../../src/session/plan.ts';

const unit = (id: string, repeat: number): RunUnit => ({
  group: { id } as RunGroup,
  repeat,
  deps: true,
  key: unitKey(id, repeat, true),
});

describe('--shard I/N', () => {
  const units = ['ep/b', 'ep/a', 'x/chain', 'z', 'a/ä', 'A'].flatMap((id) =>
    [0, 1, 2].map((r) => unit(id, r)),
  );

  it('puts every unit in exactly one shard, balanced, whatever order the plan lists them in', () => {
    for (const n of [1, 2, 3, 5, 18, 25]) {
      const shards = Array.from({ length: n }, (_, i) =>
        shardUnits(units, { index: i + 1, count: n }).map((u) => u.key),
      );
      expect(shards.flat().sort()).toEqual(units.map((u) => u.key).sort());
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      const reversed = Array.from({ length: n }, (_, i) =>
        shardUnits([...units].reverse(), { index: i + 1, count: n }).map((u) => u.key),
      );
      expect(reversed).toEqual(shards);
    }
  });

  it('parses I/N and rejects the rest', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', '1', 'a/b', '-1/2'])
      expect(() => parseShard(bad)).toThrow(/expected I\/N/);
  });
});

describe('summary statistics', () => {
  const rec = (persona: string, repeat: number, proc: number, comp: number | null): RunRecord => ({
    scenario: `${persona}/s${proc}`,
    persona,
    repeat,
    proc,
    comp,
    turns: 1,
    end: 'resolved',
    intents: {},
    checklist: {},
  });

  it("means over all runs; std is the sample std across repeats of each repeat's mean", () => {
    // Repeat means: Proc 0.5, 0.7, 0.9 → std 0.2; Comp 1, 0.5 (repeat 2 has no graded item).
    const runs = [
      rec('p', 0, 0.4, 1),
      rec('p', 0, 0.6, 1),
      rec('p', 1, 0.7, 0.5),
      rec('q', 2, 0.9, null),
    ];
    const s = summarize(runs);
    expect(s).toMatchObject({
      n: 4,
      proc_mean: 0.65,
      proc_std: 0.2,
      comp_mean: 0.833,
      comp_std: 0.354,
    });
    expect(s.by_persona.q).toEqual({
      n: 1,
      proc_mean: 0.9,
      proc_std: 0,
      comp_mean: null,
      comp_std: null,
    });
    expect(s.by_persona.p).toMatchObject({ n: 3, proc_std: 0.141 });
  });
});
