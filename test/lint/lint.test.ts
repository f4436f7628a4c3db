import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lintPaths } from '../../src/lint/index.ts';
import { main } from '../../src/cli/main.ts';

const LIB = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/lib');
const scenario = (name: string) => path.join(LIB, 'scenarios/author', `${name}.yaml`);

async function lint(name: string) {
  const { diagnostics } = await lintPaths([scenario(name)]);
  return diagnostics.map((d) => ({ at: `${d.line}:${d.col}`, message: d.message }));
}

describe('intentplay lint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds nothing in a well-authored scenario', async () => {
    expect(await lint('clean')).toEqual([]);
  });

  it('flags intents whose numbers or wording the trigger already gives away, at the intent text', async () => {
    const found = await lint('leak');
    expect(found).toEqual([
      {
        at: '9:11',
        message: expect.stringMatching(
          /`I1` is not hidden: the trigger already states `68`.*\[trigger-leak\]/,
        ),
      },
      {
        at: '14:11',
        message: expect.stringMatching(
          /`I2` is not hidden: the trigger already says “daily protein total”/,
        ),
      },
    ]);
  });

  it('flags an intent that no checklist item reflects, and only that one', async () => {
    const found = await lint('unreflected');
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual({
      at: '13:5',
      message: expect.stringMatching(
        /no checklist item reflects intent `I2`.*\[unreflected-intent\]/,
      ),
    });
  });

  it('flags ask patterns that match a generic question or another intent’s content, at the pattern', async () => {
    const found = await lint('loose-ask');
    expect(found).toEqual([
      {
        at: '11:11',
        message: expect.stringMatching(
          /ask pattern of `I1` matches the generic question “Any preferences\?”.*\[generic-ask\]/,
        ),
      },
      {
        at: '16:11',
        message: expect.stringMatching(
          /ask pattern of `I2` also matches “window” in intent `I1`.*\[overlapping-ask\]/,
        ),
      },
    ]);
  });

  it('flags a done rule the reactive reference satisfies, and a workspace file nothing uses', async () => {
    const found = await lint('reactive-done');
    expect(found).toEqual([
      {
        at: '11:5',
        message: expect.stringMatching(
          /workspace file `notes\/unused.md` is never mentioned.*\[unused-file\]/,
        ),
      },
      {
        at: '18:11',
        message: expect.stringMatching(
          /reactive reference already satisfies the `done` rule of `I1` \(turn 1: tool read_file was called\)/,
        ),
      },
    ]);
  });

  it('counts a file as used when a later session that depends on its scenario reads it', async () => {
    expect(await lint('prior')).toEqual([]);
  });

  it('exits 1 and prints file:line:col findings; exits 0 when clean', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    expect(await main(['lint', scenario('leak')])).toBe(1);
    expect(out.join('')).toMatch(/leak\.yaml:9:11: warning: intent `I1` is not hidden/);
    expect(out.join('')).toMatch(/1 scenario\(s\) linted: 2 finding\(s\)/);
    out.length = 0;
    expect(await main(['lint', scenario('clean')])).toBe(0);
    expect(out.join('')).toMatch(/1 scenario\(s\) linted: 0 finding\(s\)/);
  });

  it('refuses a path outside any library without a stack trace', async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err.push(String(chunk));
      return true;
    });
    const outside = mkdtempSync(path.join(os.tmpdir(), 'intentplay-lint-'));
    try {
      expect(await main(['lint', outside])).toBe(1);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    expect(err.join('')).toMatch(/not inside a library/);
    expect(err.join('')).not.toMatch(/\n\s+at /);
  });
});
