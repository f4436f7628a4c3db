/**
 * YAML past any sensible size is a located error of its file, through the real binary: block
 * nesting thousands of levels deep (which overflows the parser itself) and a list of 130,000
 * items; `validate` exits 1 with the place, and the valid scenario beside them still validates
 * and runs. Exit 70 ("internal error") before.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';

const BIN = path.resolve('bin/intentplay.js');
const HEAD = (id: string) =>
  `id: p/${id}\npersona: p\ntitle: T\ntrigger: { kind: user, text: hi }\n`;
const INTENTS = 'intents: [{ id: I1, text: x, done: { reply_matches: x } }]\n';
/** Block mappings nested `n` deep, one level per line. */
const blockNesting = (n: number) =>
  `${HEAD('block')}${INTENTS}extra:\n${Array.from({ length: n }, (_, i) => `${' '.repeat(i + 1)}k:`).join('\n')} 1\n`;
const compactNesting = (n: number) => `${HEAD('compact')}${INTENTS}extra:\n  ${'- '.repeat(n)}x\n`;
const hugeList = (n: number) => `${HEAD('list')}${INTENTS}checklist:\n${'  - a\n'.repeat(n)}`;

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout + r.stderr };
};

describe('YAML past any sensible size', { timeout: 60_000 }, () => {
  const root = makeLibrary({
    'scenarios/p/good.yaml': HEAD('good') + INTENTS + 'references:\n  main: [{ say: x }]\n',
    'scenarios/p/block.yaml': blockNesting(2500),
    'scenarios/p/compact.yaml': compactNesting(5000),
    'scenarios/p/list.yaml': hugeList(130_000),
  });

  it('validate gives each a located error and exits 1, never 70', () => {
    const r = cli('validate', root);
    expect(r.code, r.out).toBe(1);
    expect(r.out).not.toContain('internal error');
    expect(r.out).toMatch(
      /scenarios\/p\/block\.yaml:\d+:\d+: error: YAML nested too deeply to read/,
    );
    expect(r.out).toMatch(
      /scenarios\/p\/compact\.yaml:\d+:\d+: error: YAML nested (too deeply to read|more than 64 levels deep)/,
    );
    expect(r.out).toMatch(
      /scenarios\/p\/list\.yaml:\d+:\d+: error: `checklist.0`: expected object/,
    );
    expect(r.out).toMatch(/129900 more errors in this file, not listed/);
  });

  it('the valid neighbour still validates and runs', () => {
    expect(cli('validate', path.join(root, 'scenarios/p/good.yaml')).code).toBe(0);
    const run = cli(
      'run',
      path.join(root, 'scenarios/p/good.yaml'),
      '--agent',
      'script',
      '--no-progress',
      '--out',
      path.join(root, 'out'),
    );
    expect(run.out).not.toContain('internal error');
    expect(run.code, run.out).toBe(0);
  });
});
