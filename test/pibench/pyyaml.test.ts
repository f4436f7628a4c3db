/**
 * π-Bench files read as PyYAML (π-Bench's own loader) reads them: quoted values whose
 * continuation lines are indented no deeper than their key load with PyYAML's values and a
 * located warning; every task.yaml of the sample data loads with the values PyYAML gives.
 * The PyYAML comparisons are skipped when python3 with PyYAML, or the data, is absent.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { openYaml } from '../../src/scenario/pibench/located.ts';
import { parseYamlFile } from '../../src/scenario/yaml-file.ts';

const DATA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/pibench/data',
);
const hasData = existsSync(DATA);
const pyyaml = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' }).status === 0;
if (!pyyaml) console.warn('python3 with PyYAML not found: the PyYAML comparisons are skipped');

/** What PyYAML's safe_load gives for a file, as JSON. */
function pyyamlValue(file: string): unknown {
  const r = spawnSync(
    'python3',
    [
      '-c',
      'import yaml, json, sys; print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding="utf-8")), default=str))',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const SAMPLE = `schema_version: v2
intent:
  initial_input: "First line of the request.
  Second line, indented like the key.
  Third line."
  other: 'single quoted, with ''quotes'',
  continued here.'
  tabbed: "a\tb
\tc"
  nested:
    - note: "a list item's value
    goes on here."
  fine: "one line"
`;
const EXPECTED = {
  schema_version: 'v2',
  intent: {
    initial_input: 'First line of the request. Second line, indented like the key. Third line.',
    other: "single quoted, with 'quotes', continued here.",
    tabbed: 'a\tb c',
    nested: [{ note: "a list item's value goes on here." }],
    fine: 'one line',
  },
};

describe('π-Bench YAML as PyYAML reads it', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-pyyaml-')), 'task.yaml');
  writeFileSync(file, SAMPLE);

  it('loads under-indented quoted continuations with PyYAML’s values and a located warning per value', () => {
    expect(parseYamlFile(file).parsed).toBeUndefined(); // strict YAML refuses it
    const { file: opened, diagnostics } = openYaml(file);
    expect(opened!.parsed.value).toEqual(EXPECTED);
    expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.severity}`)).toEqual([
      '4:1 warning',
      '7:1 warning',
      '9:1 warning',
      '12:1 warning',
    ]);
    expect(diagnostics[0]!.message).toMatch(/PyYAML \(π-Bench\) folds them into one line/);
  });

  it.skipIf(!pyyaml)('gives exactly what PyYAML gives', () => {
    expect(pyyamlValue(file)).toEqual(EXPECTED);
  });

  it('leaves a file with a real syntax error alone: the strict, located error stands', () => {
    const bad = path.join(path.dirname(file), 'bad.yaml');
    writeFileSync(bad, 'a: "never closed\nb: [1, 2\n');
    const { file: opened, diagnostics } = openYaml(bad);
    expect(opened).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('Missing closing "quote'),
    });
  });

  it.skipIf(!hasData)('a persona folder whose task uses the construct validates', () => {
    const user = readdirSync(DATA).find((u) => existsSync(path.join(DATA, u, 'profile.yaml')))!;
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-pyyaml-user-')), user);
    cpSync(path.join(DATA, user), copy, { recursive: true });
    const task = path.join(
      copy,
      'tasks',
      readdirSync(path.join(copy, 'tasks')).sort()[0]!,
      'task.yaml',
    );
    // The request (a one-line value or a block) becomes a quoted value over two lines, the second no deeper than its key.
    const text = readFileSync(task, 'utf8').replace(
      /^( *)initial_input:.*\n(?:\1 +.*\n)*/m,
      '$1initial_input: "First line of the request.\n$1Second line, indented like the key."\n',
    );
    writeFileSync(task, text);
    const { diagnostics } = validatePaths([copy]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(
      diagnostics.some(
        (d) => d.file === task && d.severity === 'warning' && /PyYAML/.test(d.message),
      ),
    ).toBe(true);
  });

  it.skipIf(!hasData || !pyyaml)(
    'every task.yaml of the sample data loads with the values PyYAML gives',
    () => {
      const tasks = readdirSync(DATA).flatMap((u) =>
        existsSync(path.join(DATA, u, 'tasks'))
          ? readdirSync(path.join(DATA, u, 'tasks')).map((t) =>
              path.join(DATA, u, 'tasks', t, 'task.yaml'),
            )
          : [],
      );
      const files = tasks.filter((f) => existsSync(f));
      expect(files.length).toBeGreaterThan(0);
      // One python process for all files keeps this fast.
      const r = spawnSync(
        'python3',
        [
          '-c',
          'import yaml, json, sys; print(json.dumps([yaml.safe_load(open(f, encoding="utf-8")) for f in sys.argv[1:]], default=str))',
          ...files,
        ],
        { encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      const expected = JSON.parse(r.stdout) as unknown[];
      files.forEach((f, i) =>
        expect(JSON.parse(JSON.stringify(openYaml(f).file!.parsed.value)), f).toEqual(expected[i]),
      );
    },
  );
});
