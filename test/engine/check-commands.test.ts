/**
 * Checks that check: `validate` and `lint` on a file outside `--library`, with a mistyped
 * `--library`, or on a file that is no scenario fail clearly; the count of checked files counts
 * a broken one; a bad number for `--pace`, `--delay` or `--max-turns` is a usage error naming
 * the option (exit 2), never an internal error. Through the real binary.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';

const BIN = path.resolve('bin/intentplay.js');
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout + r.stderr };
};
const GOOD =
  'id: p/good\npersona: p\ntitle: T\ntrigger: { kind: user, text: hi }\nintents: [{ id: I1, text: x, done: { reply_matches: x } }]\n';

describe('validate and lint check what they are given', { timeout: 60_000 }, () => {
  const root = makeLibrary({
    'scenarios/p/good.yaml': GOOD,
    'scenarios/p/broken.yaml': 'id: p/broken\npersona: p\ntitle: 3\n',
  });
  const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'ip-outside-')), 'elsewhere.yaml');
  writeFileSync(outside, GOOD);

  it('a file outside --library, a mistyped --library and a file that is no scenario are errors, not "0 checked"', () => {
    for (const command of ['validate', 'lint']) {
      const away = cli(command, outside, '--library', root);
      expect(away.code, away.out).toBe(1);
      expect(away.out).toContain(`is outside --library ${root}`);
      const typo = cli(
        command,
        path.join(root, 'scenarios/p/good.yaml'),
        '--library',
        `${root}-typo`,
      );
      expect(typo.code, typo.out).toBe(1);
      expect(typo.out).toContain(`--library ${root}-typo: not a library`);
    }
    const stray = path.join(root, 'notes.yaml');
    writeFileSync(stray, 'hello: world\n');
    const v = cli('validate', stray);
    expect(v.code, v.out).toBe(1);
    expect(v.out).toContain(
      'notes.yaml:1:1: error: not a persona, scenario or episode of the library',
    );
    const l = cli('lint', stray);
    expect(l.code, l.out).toBe(1);
    expect(l.out).toContain('no scenario of the library');
  });

  it('a broken file counts as checked', () => {
    const r = cli('validate', path.join(root, 'scenarios/p/broken.yaml'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^1 file\(s\) checked: [1-9]\d* error\(s\)/m);
    expect(cli('validate', root).out).toMatch(/^3 file\(s\) checked: [1-9]\d* error\(s\)/m);
  });

  it('bad --pace, --delay and --max-turns are usage errors', () => {
    for (const args of [
      ['export', 'x.jsonl', '--pace', 'fast'],
      ['export', 'x.jsonl', '--pace', '0'],
      ['watch', 'p/good', '--delay', '-1', '--plain'],
      ['run', 'p/good', '--max-turns', '2.5'],
      ['run', 'p/good', '--max-turns', ''],
    ]) {
      const r = cli(...args);
      expect(r.code, `${args.join(' ')}: ${r.out}`).toBe(2);
      expect(r.out).toMatch(
        new RegExp(`error: option '${args[2]} <\\w+>' argument '.*' is invalid`),
      );
      expect(r.out).not.toContain('internal error');
    }
  });
});
