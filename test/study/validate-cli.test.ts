/** `intentplay study validate`: the assignment a researcher checks before the first participant, and located errors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { studyYaml, writeStudy } from './helpers.ts';

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
        .replace('proactive: { agent: "script:proactive" }', 'proactive: { agent: "script:proactive" }\n  third: { agent: "script" }')
        .replace('[tester/gear, tester/plan]', '[tester/gear, tester/plan, tester/gear]'),
    );
    const io = capture();
    expect(await main(['study', 'validate', file])).toBe(0);
    expect(io.out()).toContain(
      'within-subjects, 3 conditions (proactive, third, reactive), 3 scenarios, seed 1; a complete counterbalancing block is 6 participants',
    );
    expect(io.out().match(/participant #\d+: /g)).toHaveLength(6);
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
