/** `intentplay study validate`: the assignment a researcher checks before the first participant, and located errors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { studyYaml, writeStudy } from './helpers.ts';
import { itemStudyYaml } from './item-study.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  return { out: () => out.join(''), err: () => err.join('') };
}
afterEach(() => vi.restoreAllMocks());

describe('intentplay study validate', () => {
  it('prints who plays what for one complete block', async () => {
    const { file } = writeStudy(
      studyYaml()
        .replace(
          'proactive: { agent: "script:proactive" }',
          'proactive: { agent: "script:proactive" }\n  third: { agent: "script" }',
        )
        .replace('[tester/gear, tester/plan]', '[tester/gear, tester/plan, tester/gear]'),
    );
    const io = capture();
    expect(await main(['study', 'validate', file])).toBe(0);
    expect(io.out()).toContain(
      'within-subjects, 3 conditions (proactive, third, reactive), 3 scenarios, seed 1, scenarios in the listed order; a complete counterbalancing block is 6 participants',
    );
    expect(io.out().match(/participant #\d+: /g)).toHaveLength(6);
  });

  it("names each questionnaire's items by kind and the check rule", async () => {
    const { file } = writeStudy(itemStudyYaml('{ fail_after: 2, on_fail: exclude }'));
    const io = capture();
    expect(await main(['study', 'validate', file])).toBe(0);
    expect(io.out()).toContain(
      [
        'questions:',
        '  before the sessions: 8 items (choice, numeric, ranking, likert, scale)',
        '  final: 1 item (preference)',
        '  checks: 2 (attention, comprehension); exclude a participant after 2 wrong answers',
      ].join('\n'),
    );
  });

  it('says when the scenario order is counterbalanced and the block that balances both squares', async () => {
    const { file } = writeStudy(
      studyYaml().replace(
        'design: { type: within, seed: 1 }',
        'design: { type: within, seed: 1, scenario_order: counterbalanced }',
      ),
    );
    const io = capture();
    expect(await main(['study', 'validate', file])).toBe(0);
    expect(io.out()).toContain(
      'seed 1, scenario order counterbalanced; a complete counterbalancing block is 4 participants',
    );
    const orders = io
      .out()
      .match(/participant #\d+: .*/g)!
      .map((l) => l.replace(/ \((proactive|reactive)\)/g, '').replace(/^participant #\d+: /, ''));
    expect(new Set(orders)).toEqual(
      new Set(['tester/gear → tester/plan', 'tester/plan → tester/gear']),
    );
  });

  it('fails with file:line:col errors and no stack trace', async () => {
    const { file } = writeStudy(studyYaml().replace('type: within', 'type: crossover'));
    const io = capture();
    expect(await main(['study', 'validate', file])).toBe(1);
    expect(io.err()).toMatch(
      /study\.yaml:11:\d+: error: `design\.type`: .*"within"\|"between"|study\.yaml:11:\d+: error: .*within.*between/,
    );
    expect(io.err()).not.toContain('    at ');
  });
});
