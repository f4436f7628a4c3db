/** The report's numbers: π-Bench's tables computed from run records. */
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/batch/summary.ts';
import { buildReport } from '../../src/report/build.ts';
import type { PibenchScenarioInfo } from '../../src/pibench/scoring.ts';
import type { Section, Table } from '../../src/report/document.ts';
import type { IntentStatus, SessionEvent } from '../../src/contracts/events.ts';

const statuses = (...s: IntentStatus[]) => Object.fromEntries(s.map((x, i) => [`I${i + 1}`, x]));

function rec(
  over: Partial<RunRecord> & Pick<RunRecord, 'scenario' | 'persona' | 'repeat' | 'proc'>,
): RunRecord {
  return {
    comp: 1,
    turns: 2,
    end: 'resolved',
    intents: statuses('completed', 'provided'),
    checklist: {},
    deps: true,
    index: 0,
    of: 1,
    ...over,
  };
}

const section = (doc: ReturnType<typeof buildReport>, id: string): Section =>
  doc.sections.find((s) => s.id === id)!;
const table = (doc: ReturnType<typeof buildReport>, id: string): Table =>
  section(doc, id).tables[0]!;
const row = (t: Table, first: string) => t.rows.find((r) => r[0] === first)!;

const RUNS: RunRecord[] = [
  rec({
    scenario: 'p/a',
    persona: 'p',
    repeat: 0,
    proc: 0.5,
    comp: 1,
    turns: 3,
    category: 'A',
    intents: statuses('completed', 'provided'),
  }),
  rec({
    scenario: 'p/a',
    persona: 'p',
    repeat: 1,
    proc: 1,
    comp: 0.5,
    turns: 1,
    category: 'A',
    intents: statuses('completed', 'inferred'),
  }),
  rec({
    scenario: 'q/b',
    persona: 'q',
    repeat: 0,
    proc: 0,
    comp: null,
    turns: 5,
    category: 'B',
    intents: statuses('provided', 'unresolved'),
    end: 'max_turns',
  }),
  rec({
    scenario: 'q/b',
    persona: 'q',
    repeat: 1,
    proc: 0.5,
    comp: 0,
    turns: 4,
    category: 'B',
    intents: statuses('inferred', 'provided'),
  }),
];

describe('report analysis', () => {
  const doc = buildReport({ folders: ['/r'], runs: RUNS, readEvents: () => [] });

  it('Table 1: Proc and Comp per persona and overall, mean ± std across repeats', () => {
    const t = table(doc, 'personas');
    expect(row(t, 'p')).toEqual([
      'p',
      2,
      2,
      { mean: 0.75, std: 0.354 },
      { mean: 0.75, std: 0.354 },
    ]);
    expect(row(t, 'q')).toEqual(['q', 2, 2, { mean: 0.25, std: 0.354 }, { mean: 0, std: 0 }]);
    // Overall Proc: repeat means 0.25 and 0.75 → std 0.354. Comp: 3 graded runs (mean 0.5);
    // repeat means 1 (q/b's null is left out) and 0.25 → std 0.53.
    expect(row(t, 'overall')).toEqual([
      'overall',
      4,
      2,
      { mean: 0.5, std: 0.354 },
      { mean: 0.5, std: 0.53 },
    ]);
  });

  it('Table 7: the share of each terminal status over all intents', () => {
    const t = table(doc, 'statuses');
    expect(t.columns.map((c) => c.key)).toEqual([
      'persona',
      'intents',
      'completed',
      'inferred',
      'provided',
      'unresolved',
    ]);
    expect(row(t, 'overall')).toEqual(['overall', 8, 2 / 8, 2 / 8, 3 / 8, 1 / 8]);
    const chart = section(doc, 'statuses').charts[0]!;
    expect(
      chart.type === 'stacked' &&
        chart.rows.every((r) => Math.abs(r.values.reduce((a, b) => a + b, 0) - 1) < 1e-9),
    ).toBe(true);
  });

  it('Table 8: Proc and Comp per category', () => {
    const t = table(doc, 'categories');
    expect(t.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['A', 1, 2],
      ['B', 1, 2],
    ]);
    expect(row(t, 'B')[3]).toEqual({ mean: 0.25, std: 0.354 });
  });

  it('per scenario: mean turns, Proc and Comp, plotted turns vs Proc and Proc vs Comp', () => {
    expect(table(doc, 'scenarios').rows).toEqual([
      ['p/a', 'A', 2, 2, 0.75, 0.75],
      ['q/b', 'B', 2, 4.5, 0.25, 0],
    ]);
    const [turns, pc] = section(doc, 'scenarios').charts;
    expect(turns).toMatchObject({
      type: 'scatter',
      points: [
        { label: 'p/a', x: 2, y: 0.75 },
        { label: 'q/b', x: 4.5, y: 0.25 },
      ],
    });
    expect(pc).toMatchObject({
      type: 'scatter',
      diagonal: true,
      points: [
        { x: 0.75, y: 0.75 },
        { x: 0.25, y: 0 },
      ],
    });
  });

  it('the ablation appears only when a scenario ran both after its dependencies and with --no-deps', () => {
    expect(section(doc, 'ablation').tables).toEqual([]);
    expect(section(doc, 'ablation').text).toContain('--no-deps');
    const withAblation = buildReport({
      folders: ['/r'],
      readEvents: () => [],
      runs: [
        ...RUNS,
        rec({ scenario: 'p/b', persona: 'p', repeat: 0, proc: 1, comp: 1, index: 1, of: 2 }),
        rec({ scenario: 'p/b', persona: 'p', repeat: 1, proc: 0.5, comp: 1, index: 1, of: 2 }),
        rec({ scenario: 'p/b', persona: 'p', repeat: 0, proc: 0.25, comp: 0.5, deps: false }),
        rec({ scenario: 'p/a', persona: 'p', repeat: 0, proc: 0, deps: false }), // first of its chain: no history to remove
      ],
    });
    expect(table(withAblation, 'ablation').rows).toEqual([
      ['p/b', 0.75, 0.25, -0.5, 1, 0.5, -0.5],
      ['mean', 0.75, 0.25, -0.5, 1, 0.5, -0.5],
    ]);
    // --no-deps runs stay out of the main tables.
    expect(row(table(withAblation, 'personas'), 'p')[1]).toBe(4);
    expect(withAblation.meta).toContainEqual([
      'ablation',
      '2 --no-deps run(s), used only in the dependency ablation',
    ]);
  });

  it('the ablation takes, as the paper, only scenarios with depends_on once the library is known', () => {
    // p/b depends on p/a; p/c only came later in the episode: it has no dependency to remove.
    const later = (scenario: string, deps: boolean, proc: number) =>
      rec({ scenario, persona: 'p', repeat: 0, proc, index: 1, of: 3, deps });
    const runs = [later('p/b', true, 1), later('p/b', false, 0.5), later('p/c', true, 1)];
    runs.push(later('p/c', false, 0));
    const info = (id: string, dependsOn: string[]) =>
      ({ id, intents: [], dependsOn }) as unknown as PibenchScenarioInfo;
    const lookup = (id: string) => (id === 'p/b' ? info(id, ['p/a']) : info(id, []));
    const withLibrary = buildReport({ folders: ['/r'], readEvents: () => [], runs, lookup });
    expect(table(withLibrary, 'ablation').rows.map((r) => r[0])).toEqual(['p/b', 'mean']);
    expect(section(withLibrary, 'ablation').text).toContain(
      '1 later session(s) of an episode without `depends_on` are left out',
    );
    // Only later sessions without depends_on: the section says why it has no table.
    const none = buildReport({
      folders: ['/r'],
      readEvents: () => [],
      runs: runs.filter((r) => r.scenario === 'p/c'),
      lookup,
    });
    expect(section(none, 'ablation').tables).toEqual([]);
    expect(section(none, 'ablation').text).toContain('none of the 1 scenario(s)');
    // Without the library every later session counts, and the section says so.
    const blind = buildReport({ folders: ['/r'], readEvents: () => [], runs });
    expect(table(blind, 'ablation').rows.map((r) => r[0])).toEqual(['p/b', 'p/c', 'mean']);
    expect(section(blind, 'ablation').text).toContain('The scenario library was not found');
  });

  it('π-Bench scoring per persona when the library is known, and what it needs when not', () => {
    expect(section(doc, 'pibench').text).toContain('needs the scenario library');
    // A library that holds none of the runs' scenarios (a merged folder without run.json) is none.
    const elsewhere = buildReport({
      folders: ['/r'],
      runs: RUNS,
      readEvents: () => [],
      lookup: () => undefined,
    });
    expect(section(elsewhere, 'pibench').tables).toEqual([]);
    expect(section(elsewhere, 'pibench').text).toContain('Pass `--library DIR`');
    const scenario = (id: string) =>
      ({
        id,
        intents: [{ id: 'I1' }, { id: 'I2' }],
        checklist: [{ id: 'C1' }],
        dependsOn: [],
      }) as unknown as PibenchScenarioInfo;
    const scored = buildReport({
      folders: ['/r'],
      runs: RUNS,
      readEvents: () => [],
      lookup: scenario,
    });
    // p/a: repeat 0 credits 1 of 2 intents, repeat 1 both; no checklist item was graded, so no Comp.
    expect(row(table(scored, 'pibench'), 'p')).toEqual([
      'p',
      2,
      { mean: 0.75, std: Math.SQRT1_2 / 2 }, // unrounded: the report rounds once, when it shows them
      { mean: null, std: null },
    ]);
    // Overall: the four (persona, repeat) pairs 0.5, 1, 0, 0.5 → mean 0.5; the ± is across the two
    // repeats' means over personas, 0.25 and 0.75 → 0.3536 (the paper's Average), not over the pairs (0.4082).
    expect(row(table(scored, 'pibench'), 'overall')).toEqual([
      'overall',
      2,
      { mean: 0.5, std: Math.SQRT1_2 / 2 },
      { mean: null, std: null },
    ]);
  });

  it('cost per role and model, summed over runs; unknown prices stay unknown', () => {
    const line = (role: 'agent' | 'judge', model: string, calls: number, cost: number | null) => ({
      role,
      model,
      calls,
      input_tokens: calls * 100,
      output_tokens: calls * 10,
      estimated: false,
      cost_usd: cost,
    });
    const costly = buildReport({
      folders: ['/r'],
      readEvents: () => [],
      runs: [
        rec({
          scenario: 'p/a',
          persona: 'p',
          repeat: 0,
          proc: 1,
          usage: [line('agent', 'gpt-a', 2, 0.02), line('judge', 'gpt-j', 1, null)],
        }),
        rec({
          scenario: 'p/a',
          persona: 'p',
          repeat: 1,
          proc: 1,
          usage: [line('agent', 'gpt-a', 3, 0.03)],
        }),
      ],
    });
    expect(table(costly, 'cost').rows).toEqual([
      ['agent', 'gpt-a', 5, 500, 50, 0.05],
      ['judge', 'gpt-j', 1, 100, 10, null],
      ['total', '', 6, 600, 60, null],
    ]);
    expect(section(doc, 'cost').text).toContain('No model was called');
  });
});

describe('clarification accounting', () => {
  const agent = (turn: number, text: string): SessionEvent => ({
    type: 'message',
    turn,
    role: 'agent',
    text,
  });
  const inferred = (turn: number, intent: string, detail: string): SessionEvent => ({
    type: 'intent_status',
    turn,
    intent,
    from: 'open',
    to: 'inferred',
    cause: 'question',
    detail,
  });

  it('the report sums them per persona from the recordings, and says which runs had none', () => {
    const doc = buildReport({
      folders: ['/r'],
      runs: [
        rec({ scenario: 'p/a', persona: 'p', repeat: 0, proc: 1, recording: '/r/a.jsonl' }),
        rec({ scenario: 'p/a', persona: 'p', repeat: 1, proc: 1, recording: '/r/missing.jsonl' }),
      ],
      readEvents: (file) =>
        file === '/r/a.jsonl'
          ? [agent(1, 'Budget? City?'), inferred(1, 'I1', 'Budget?')]
          : undefined,
    });
    expect(table(doc, 'clarifications').rows).toEqual([
      ['p', 1, 2, 2, 1, 1, 0.5],
      ['overall', 1, 2, 2, 1, 1, 0.5],
    ]);
    expect(section(doc, 'clarifications').text).toContain('1 run(s) have no readable recording');
  });
});
