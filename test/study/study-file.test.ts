/** The study file: the bundled example validates; mistakes are refused at file:line:col. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../../src/contracts/diagnostics.ts';
import { loadStudy } from '../../src/study/load.ts';
import { ROOT, studyYaml, writeStudy } from './helpers.ts';
import { itemStudyYaml } from './item-study.ts';

function problems(text: string): string[] {
  const { file } = writeStudy(text);
  try {
    loadStudy(file);
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return (err as UserError).diagnostics.map((d) =>
      formatDiagnostic(d).replace(file, 'study.yaml'),
    );
  }
  throw new Error('expected the study to be refused');
}

describe('study.yaml', () => {
  it('the bundled example validates, with its defaults filled in', () => {
    const study = loadStudy(path.join(ROOT, 'examples/study/study.yaml'));
    expect(Object.keys(study.conditions)).toEqual(['proactive', 'reactive']);
    expect(study.scenarioFiles.map((s) => s.id)).toEqual([
      'researcher/tool-use-reading',
      'researcher/think-with-image',
    ]);
    expect(study.participant_view).toEqual({ intents: 'goals', verdicts: false });
    expect(study.questionnaires.final.map((q) => q.kind)).toEqual([
      'preference',
      'ranking',
      'choice',
      'text',
    ]);
    expect(study.questionnaires.after_each_session.map((q) => q.kind)).toEqual([
      'likert',
      'likert',
      'scale',
      'tlx',
      'sus',
    ]);
    expect(study.checks).toEqual({ fail_after: 2, on_fail: 'flag' });
    expect(study.design).toMatchObject({ type: 'within', scenario_order: 'counterbalanced' });
    expect(study.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an unknown key where it is, suggesting the near one', () => {
    expect(problems(studyYaml().replace('design: {', 'desgin: {'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^study\.yaml:11:1: error: unknown key `desgin`/),
        expect.stringMatching(/missing required key `design`/),
      ]),
    );
    expect(problems(studyYaml('time_limt: 5m\n'))).toEqual([
      expect.stringMatching(/^study\.yaml:17:1: error: unknown key `time_limt` in the study/),
    ]);
  });

  it('names a scenario id that is not in the library, at its place in the list', () => {
    expect(
      problems(studyYaml().replace('[tester/gear, tester/plan]', '[tester/gear, tester/plans]')),
    ).toEqual([
      expect.stringMatching(
        /^study\.yaml:10:26: error: no scenario `tester\/plans` in the library at .*\(did you mean tester\/plan\?\)/,
      ),
    ]);
  });

  it('refuses a human or unknown agent, a bad time limit, a bad question and a reused question id', () => {
    const out = problems(
      studyYaml('time_limit: soon\n')
        .replace('"script:reactive"', 'human')
        .replace('scale: 5', 'scale: 1')
        .replace(
          '{ kind: text, id: comments, text: Anything else? }',
          '{ kind: text, id: comments, text: Anything else? }\n    - { kind: text, id: comments, text: Again? }',
        ),
    );
    expect(out.join('\n')).toMatch(
      /conditions\.reactive\.agent`: the participant is the user; a condition's agent cannot be human/,
    );
    expect(out.join('\n')).toMatch(/time_limit`: a duration like `90s`, `10m` or `1h`/);
    expect(out.join('\n')).toMatch(/scale`: .*>=2/);
    const again = problems(
      studyYaml().replace(
        '{ kind: text, id: comments, text: Anything else? }',
        '{ kind: text, id: comments, text: Anything else? }\n    - { kind: text, id: comments, text: Again? }',
      ),
    );
    expect(again).toEqual([
      expect.stringMatching(/^study\.yaml:17:7: error: question id `comments` is used twice/),
    ]);
  });

  it('refuses a preference outside the final questions, a check answer nobody can give, and a scale item id used twice', () => {
    const yaml = itemStudyYaml()
      .replace('correct: 2 }', 'correct: 6 }')
      .replace(
        'options: [The assistant, The user], correct: 2',
        'options: [The assistant, The user], correct: [1, 2]',
      )
      .replace('{ id: misled,', '{ id: rely,')
      .replace(
        '  final:\n    - { kind: preference, id: prefer }',
        '    - { kind: preference, id: prefer, sessions: [1, 3] }',
      );
    expect(problems(yaml)).toEqual([
      expect.stringMatching(
        /study\.yaml:\d+:\d+: error: `correct` is a point of the scale: a whole number from 1 to 5/,
      ),
      expect.stringMatching(/error: one answer may be chosen here: `correct` is one option number/),
      expect.stringMatching(/error: question id `rely` is used twice in `questionnaires.before`/),
      expect.stringMatching(
        /error: a preference between two sessions is asked in `questionnaires.final`/,
      ),
      expect.stringMatching(/error: each participant plays 2 sessions: compare sessions 1 to 2/),
    ]);
    expect(problems(itemStudyYaml().replace('min: 18, max: 99', 'min: 99, max: 18'))).toEqual([
      expect.stringMatching(/error: .*`min` must be below `max`/),
    ]);
  });

  it('a within design needs a scenario per condition', () => {
    expect(problems(studyYaml().replace('[tester/gear, tester/plan]', '[tester/gear]'))).toEqual([
      expect.stringMatching(/list at least 2 scenarios \(one per condition\), not 1/),
    ]);
  });
});
