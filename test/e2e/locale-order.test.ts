/**
 * Lists come out in one order whatever the user's locale: the real binary under Danish and
 * Estonian (LC_ALL, which Node's Intl reads) runs a folder's scenarios and lists
 * its files' errors in the same natural order. Before, `localeCompare` followed the locale: a
 * Dane's run put "aarhus" last, an Estonian's put "zebra" before "tea", and "s10" came before "s2".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';

const BIN = path.resolve('bin/intentplay.js');
const LOCALES = ['da_DK.UTF-8', 'et_EE.UTF-8'];
const IDS = ['tea', 'zebra', 'aarhus', 's2', 's10', 'Bob'];
const NATURAL = ['aarhus', 'Bob', 's2', 's10', 'tea', 'zebra'];

const scenario = (id: string) => `id: p/${id}
persona: p
title: T ${id}
trigger: { kind: user, text: Hello. }
intents:
  - { id: I1, text: Say hi., done: { reply_matches: hi } }
`;

function cli(args: string[], locale: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd: mkdtempSync(path.join(os.tmpdir(), 'intentplay-locale-')),
    env: { ...process.env, NO_COLOR: '1', LC_ALL: locale, LANG: locale },
  });
  return { code: r.status, out: stripVTControlCharacters(r.stdout + r.stderr) };
}

describe('list order under two locales', { timeout: 60_000 }, () => {
  it('run lists and tables a folder in natural order, the same in every locale', () => {
    const lib = makeLibrary(
      Object.fromEntries(IDS.map((id) => [`scenarios/p/${id}.yaml`, scenario(id)])),
    );
    for (const locale of LOCALES) {
      const r = cli(['run', lib, '--agent', 'script', '--out', 'results'], locale);
      expect(r.code, r.out).toBe(0);
      const progress = [...r.out.matchAll(/^\[\d\/6\] ✓ p\/(\S+) /gm)].map((m) => m[1]);
      expect(progress, locale).toEqual(NATURAL);
      const table = [...r.out.matchAll(/^p\/(\S+) +0 +resolved/gm)].map((m) => m[1]);
      expect(table, locale).toEqual(NATURAL);
    }
  });

  it("validate lists the files' errors in natural order, the same in every locale", () => {
    const lib = makeLibrary(
      Object.fromEntries(IDS.map((id) => [`scenarios/p/${id}.yaml`, `id: p/${id}\nnope: 1\n`])),
    );
    for (const locale of LOCALES) {
      const r = cli(['validate', lib], locale);
      expect(r.code, r.out).toBe(1);
      const files = [...r.out.matchAll(/^\S*scenarios\/p\/(\S+)\.yaml:\d+/gm)].map((m) => m[1]);
      expect([...new Set(files)], locale).toEqual(NATURAL);
    }
  });
});
