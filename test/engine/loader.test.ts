/** Loading and validation: every error is located (file:line:col) and says what was expected. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/contracts/diagnostics.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { jsonSchema } from '../../src/scenario/json-schema.ts';
import { makeLibrary } from '../helpers/library.ts';

const GOOD = `id: p/a
persona: p
title: A
trigger: { kind: user, text: Hi }
intents:
  - id: I1
    text: Something hidden.
    ask: ["(?i)what"]
    done: { reply_matches: "x" }
checklist:
  - id: C1
    text: Works.
    grader: rule
    rule: { reply_matches: "x" }
`;

function problems(files: Record<string, string>, withPersona = true): string[] {
  const root = makeLibrary(files, withPersona);
  return loadLibrary(root, { fresh: true }).diagnostics.map((d) => formatDiagnostic(d, root));
}

describe('library loading', () => {
  it('loads a valid library with no diagnostics', () => {
    expect(problems({ 'scenarios/p/a.yaml': GOOD })).toEqual([]);
  });

  it('reports YAML syntax errors with their position', () => {
    const out = problems({ 'scenarios/p/a.yaml': 'id: p/a\ntitle: [unclosed\n' });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^scenarios\/p\/a\.yaml:\d+:\d+: error: YAML syntax: /);
  });

  it('rejects unknown keys at the key, suggesting the near miss', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace('title: A', 'title: A\ndepend_on: []'),
    });
    expect(out).toEqual([
      'scenarios/p/a.yaml:4:1: error: unknown key `depend_on` in the scenario (did you mean `depends_on`?)',
    ]);
  });

  it('rejects unknown keys nested in an intent', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace(
        '    text: Something hidden.',
        '    text: Something hidden.\n    revael: x',
      ),
    });
    expect(out).toEqual([
      'scenarios/p/a.yaml:8:5: error: unknown key `revael` in `intents.0` (did you mean `reveal`?)',
    ]);
  });

  it('reports a missing required field at its parent', () => {
    const out = problems({ 'scenarios/p/a.yaml': GOOD.replace('title: A\n', '') });
    expect(out).toEqual([
      'scenarios/p/a.yaml:1:1: error: missing required key `title` (expected string)',
    ]);
  });

  it('reports a mistyped field at the value', () => {
    const out = problems({ 'scenarios/p/a.yaml': GOOD.replace('title: A', 'title: [A, B]') });
    expect(out).toEqual(['scenarios/p/a.yaml:3:8: error: `title`: expected string, got a list']);
  });

  it('reports an invalid regex with the engine message', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace('ask: ["(?i)what"]', 'ask: ["(?i)what("]'),
    });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^scenarios\/p\/a\.yaml:8:11: error: `intents\.0\.ask\.0`: invalid regex: missing closing \): `(\(\?i\))?what\(`/,
    );
  });

  it('refuses lookaround and backreferences with the reason, and accepts nested quantifiers (they cannot hang)', () => {
    const look = problems({
      'scenarios/p/a.yaml': GOOD.replace('ask: ["(?i)what"]', 'ask: ["(?i)what(?= now)"]'),
    });
    expect(look).toEqual([
      expect.stringMatching(
        /8:11: error: .*invalid regex: .*lookahead and lookbehind are not supported \(patterns run in linear time, without backtracking\)/,
      ),
    ]);
    const backref = problems({
      'scenarios/p/a.yaml': GOOD.replace('ask: ["(?i)what"]', 'ask: ["(a)\\\\1"]'),
    });
    expect(backref).toEqual([
      expect.stringMatching(/8:11: error: .*backreferences are not supported/),
    ]);
    expect(
      problems({
        'scenarios/p/a.yaml': GOOD.replace('ask: ["(?i)what"]', 'ask: ["(?i)(\\\\w+\\\\s?)*$"]'),
      }),
    ).toEqual([]);
  });

  it('reports every error in one pass: a wrong id and an unknown persona beside schema errors', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace('id: p/a', 'id: p/wrong')
        .replace('persona: p', 'persona: nobody')
        .replace(/^title: .*$/m, 'title: [1]'),
    });
    expect(out).toEqual([
      expect.stringMatching(
        /^scenarios\/p\/a\.yaml:1:5: error: scenario id `p\/wrong` does not match the file's path/,
      ),
      expect.stringMatching(/^scenarios\/p\/a\.yaml:2:10: error: unknown persona `nobody`/),
      expect.stringMatching(
        /^scenarios\/p\/a\.yaml:3:8: error: `title`: expected string, got a list/,
      ),
    ]);
  });

  it('names an unknown evidence rule and lists the known ones', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace(
        'done: { reply_matches: "x" }',
        'done: { reply_match: "x" }',
      ),
    });
    expect(out).toEqual([
      'scenarios/p/a.yaml:9:13: error: unknown rule `reply_match` at `intents.0.done`; expected one of reply_matches, file_exists, file_matches, tool_called, app_state, all, any, not',
    ]);
  });

  it('reports problems inside a known rule precisely', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace(
        'done: { reply_matches: "x" }',
        'done: { file_matches: { path: "*.md" } }',
      ),
    });
    expect(out).toEqual([
      'scenarios/p/a.yaml:9:27: error: missing required key `pattern` in `intents.0.done.file_matches` (expected string)',
    ]);
  });

  it('reports an unknown persona', () => {
    const out = problems({ 'scenarios/p/a.yaml': GOOD.replace('persona: p', 'persona: q') });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^scenarios\/p\/a\.yaml:2:10: error: unknown persona `q` \(no personas\/q\.yaml in \/.+\)$/,
    );
  });

  it('reports an unknown dependency at the list item', () => {
    const out = problems({
      'scenarios/p/a.yaml': GOOD.replace('title: A', 'title: A\ndepends_on: [nope]'),
    });
    expect(out).toEqual([
      'scenarios/p/a.yaml:4:14: error: unknown dependency `nope` (no scenario with id `p/nope`)',
    ]);
  });

  it('reports a dependency cycle once, naming the whole cycle', () => {
    const a = GOOD.replace('title: A', 'title: A\ndepends_on: [b]');
    const b = GOOD.replace('id: p/a', 'id: p/b').replace('title: A', 'title: B\ndepends_on: [a]');
    const out = problems({ 'scenarios/p/a.yaml': a, 'scenarios/p/b.yaml': b });
    expect(out).toEqual(['scenarios/p/a.yaml:4:13: error: dependency cycle: p/a → p/b → p/a']);
  });

  it('reports an id that does not match the path, and duplicate ids', () => {
    const out = problems({ 'scenarios/p/a.yaml': GOOD, 'scenarios/p/b.yaml': GOOD });
    expect(out).toEqual([
      'scenarios/p/b.yaml:1:5: error: duplicate scenario id `p/a` (also in ' +
        out[0]!.match(/also in (.*)\)$/)![1] +
        ')',
      "scenarios/p/b.yaml:1:5: error: scenario id `p/a` does not match the file's path (expected `p/b`)",
    ]);
    expect(out[0]).toContain(path.join('scenarios', 'p', 'a.yaml'));
  });

  it('reports duplicate intent ids and a rule item without a rule', () => {
    const text = GOOD.replace(
      'checklist:',
      `  - id: I1
    text: Again.
    done: { reply_matches: "y" }
checklist:
  - id: C2
    text: No rule.
    grader: rule`,
    );
    expect(problems({ 'scenarios/p/a.yaml': text })).toEqual([
      'scenarios/p/a.yaml:10:9: error: duplicate intent id `I1`',
      'scenarios/p/a.yaml:14:5: error: checklist item `C2` has grader: rule but no `rule`',
    ]);
  });

  it('collects every error across files, not just the first', () => {
    const out = problems(
      {
        'scenarios/p/a.yaml': GOOD.replace('title: A', 'title: A\nbogus: 1'),
        'scenarios/p/b.yaml': GOOD.replace('id: p/a', 'id: p/b').replace(
          'persona: p',
          'persona: zz',
        ),
        'personas/p.yaml': 'id: p\nname: Pat\nrole: r\n',
      },
      false,
    );
    expect(out).toEqual(
      [
        'personas/p.yaml:1:1: error: missing required key `profile` (expected string)',
        'scenarios/p/a.yaml:4:1: error: unknown key `bogus` in the scenario',
        'scenarios/p/b.yaml:1:1: error: unknown persona `zz` (no personas/zz.yaml in ' +
          out[2]!.match(/in (.*)\)$/)![1] +
          ')',
      ].map((s, i) => (i === 2 ? s.replace('1:1', '2:10') : s)),
    );
  });

  it('warns about an intent with neither ask nor done, and a rubric item with no rule', () => {
    const text = GOOD.replace(
      '    ask: ["(?i)what"]\n    done: { reply_matches: "x" }\n',
      '',
    ).replace('grader: rule\n    rule: { reply_matches: "x" }', 'grader: rubric');
    expect(problems({ 'scenarios/p/a.yaml': text })).toEqual([
      'scenarios/p/a.yaml:6:5: warning: intent `I1` has neither `ask` nor `done`: the rules judge can only mark it provided',
      'scenarios/p/a.yaml:9:5: warning: rubric item `C1` has no `rule`: the rules judge reports it ungraded',
    ]);
  });

  it('checks episodes: unknown sessions and a dependency that does not run first', () => {
    const b = GOOD.replace('id: p/a', 'id: p/b').replace('title: A', 'title: B\ndepends_on: [a]');
    const out = problems({
      'scenarios/p/a.yaml': GOOD,
      'scenarios/p/b.yaml': b,
      'scenarios/p/episode.yaml': 'id: p\npersona: p\nsessions: [b, a, c]\n',
    });
    expect(out).toEqual([
      'scenarios/p/episode.yaml:3:12: warning: session `p/b` depends on `p/a`, which does not run before it in this episode',
      'scenarios/p/episode.yaml:3:18: error: unknown session `c` (no scenario with id `p/c`)',
    ]);
  });
});

describe('JSON Schema', () => {
  it('is derived from the loader schema: strict objects, required keys, rule union', () => {
    const schema = jsonSchema('scenario') as {
      additionalProperties?: boolean;
      required?: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(
      expect.arrayContaining(['id', 'persona', 'title', 'trigger', 'intents']),
    );
    expect(JSON.stringify(schema)).toContain('reply_matches');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['depends_on', 'references', 'limits']),
    );
  });
});

describe('tools and app seeds', () => {
  it('rejects an unknown tool group and a bad app seed, located', () => {
    const text = GOOD.replace(
      'title: A',
      'title: A\ntools: [files, memroy]\napps:\n  gmail:\n    bogus_key: 1',
    );
    const out = problems({ 'scenarios/p/a.yaml': text });
    expect(out[0]).toMatch(
      /^scenarios\/p\/a\.yaml:4:16: error: unknown tool group `memroy` \(known: files, memory, /,
    );
    expect(
      out.some((l) =>
        /^scenarios\/p\/a\.yaml:7:5: error: `apps\.gmail\.bogus_key`: unknown key/.test(l),
      ),
    ).toBe(true);
  });
});

describe('app_state rules', () => {
  it('warn when the path cannot exist in the app state', () => {
    const text = GOOD.replace(
      'done: { reply_matches: "x" }',
      'done: { any: [ { reply_matches: "x" }, { app_state: { app: gmail, path: "mails.*.subject" } } ] }',
    );
    const out = problems({ 'scenarios/p/a.yaml': text });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^scenarios\/p\/a\.yaml:9:\d+: warning: app_state rule can never hold: gmail state has no `mails`/,
    );
  });
});
