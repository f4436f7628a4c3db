import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_LIB } from '../../test/tui/session-events.ts';
import { cachedView } from './home-cache.ts';
import { libraryView } from './home-data.ts';

const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `intentplay-${name}-`));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the test library, and a cache folder of its own. */
function setup() {
  const lib = temp('cache-lib');
  cpSync(FIXTURE_LIB, lib, { recursive: true });
  return { lib, cache: temp('cache-dir'), gear: path.join(lib, 'scenarios/tester/gear.yaml') };
}

/** Rewrites a file keeping its size and modification time, so only its content tells the change. */
function editInPlace(file: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const { atime, mtime } = statSync(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  utimesSync(file, atime, mtime);
}

const titles = (v: Awaited<ReturnType<typeof libraryView>>) =>
  v.personas.flatMap((p) => p.entries.map((e) => e.title));

describe("the home screen's library cache", () => {
  it('is read while nothing changed, and made again when any input changes', async () => {
    let made = 0;
    const { lib, cache } = setup();
    const make = async () => {
      made++;
      return { view: `view ${made}`, folders: [path.join(lib, 'assets/kept')] };
    };
    expect(await cachedView(lib, cache, make)).toBe('view 1');
    expect(await cachedView(lib, cache, make)).toBe('view 1');
    expect(made).toBe(1);
    // A new file, a removed file, and an asset folder appearing each count as a change.
    writeFileSync(path.join(lib, 'scenarios/tester/new.yaml'), 'id: tester/new\n');
    expect(await cachedView(lib, cache, make)).toBe('view 2');
    rmSync(path.join(lib, 'scenarios/tester/new.yaml'));
    expect(await cachedView(lib, cache, make)).toBe('view 3');
    mkdirSync(path.join(lib, 'assets/kept'), { recursive: true });
    expect(await cachedView(lib, cache, make)).toBe('view 4');
    expect(await cachedView(lib, cache, make)).toBe('view 4');
  });

  it('never shows an edit late: a scenario retitled between two starts (same size, same time) shows its new title', async () => {
    const { lib, cache, gear } = setup();
    expect(titles(await libraryView(lib, 'mine', cache))).toContain('Pick gym gear');
    expect(readdirSync(cache).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    editInPlace(gear, 'title: Pick gym gear', 'title: Pick gym mats');
    const after = await libraryView(lib, 'mine', cache);
    expect(titles(after)).toContain('Pick gym mats');
    expect(titles(after)).not.toContain('Pick gym gear');
  });

  it('shows an error introduced after caching, and the list again once it is fixed', async () => {
    const { lib, cache, gear } = setup();
    expect((await libraryView(lib, 'mine', cache)).problem).toBeUndefined();
    const good = readFileSync(gear, 'utf8');
    writeFileSync(gear, good.replace('title: Pick gym gear', 'title: Pick gym gear\ntitel: typo'));
    const broken = await libraryView(lib, 'mine', cache);
    expect(broken.problem).toMatch(/1 error\(s\): run intentplay validate/);
    expect(broken.personas).toEqual([]);
    writeFileSync(gear, good);
    expect(titles(await libraryView(lib, 'mine', cache))).toContain('Pick gym gear');
  });

  it('survives a damaged or unwritable cache: the view is made, nothing fails', async () => {
    const { lib, cache } = setup();
    await libraryView(lib, 'mine', cache);
    for (const f of readdirSync(cache))
      writeFileSync(path.join(cache, f), '{"format":1,"inputs":null');
    expect(titles(await libraryView(lib, 'mine', cache))).toContain('Pick gym gear');
    const notAFolder = path.join(temp('cache-file'), 'file');
    writeFileSync(notAFolder, 'x');
    expect(titles(await libraryView(lib, 'mine', notAFolder))).toContain('Pick gym gear');
  });
});
