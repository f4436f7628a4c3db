/** The study file: the bundled example validates; mistakes are refused at file:line:col. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, UserError } from '../../src/contracts/diagnostics.ts';
import { loadStudy } from '../../src/study/load.ts';
import { ROOT, studyYaml, writeStudy } from './helpers.ts';

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
    expect(study.questionnaires.final.map((q) => q.kind)).toEqual(['text']);
    expect(study.questionnaires.after_each_session.map((q) => q.kind)).toEqual([
      'likert',
      'likert',
      'tlx',
      'sus',
    ]);
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

  it('a within design needs a scenario per condition', () => {
    expect(problems(studyYaml().replace('[tester/gear, tester/plan]', '[tester/gear]'))).toEqual([
      expect.stringMatching(/list at least 2 scenarios \(one per condition\), not 1/),
    ]);
  });
});
