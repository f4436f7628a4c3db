import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { importPibench } from '../../src/pibench/import.ts';
import { comparable, FIXTURE_USER, hasPython, scoresOf } from './helpers.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'intentplay-import-'));

describe('intentplay import', () => {
  it('writes a library that validates, holds the same scenarios and scores identically', async () => {
    const out = tmp();
    const result = importPibench(FIXTURE_USER, out);
    expect(result).toMatchObject({
      persona: 'courier',
      scenarios: 4,
      episodes: 1,
      assetFiles: 2,
      diagnostics: [],
    });

    const original = loadLibrary(FIXTURE_USER, { fresh: true }).library;
    const { library: imported, diagnostics } = loadLibrary(out, { fresh: true });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(imported.kind).toBe('intentplay');
    expect([...imported.scenarios.keys()].sort()).toEqual([...original.scenarios.keys()].sort());
    for (const [id, s] of original.scenarios) {
      const copy = imported.scenarios.get(id)!;
      // Assets moved to assets/<task>/; the rule script is still found in the original checkout.
      expect(comparable(copy)).toEqual(comparable(s));
      expect(copy.dependsOn).toEqual(s.dependsOn);
    }
    const { file: _a, ...episode } = imported.episodes.get('courier')!;
    const { file: _b, ...originalEpisode } = original.episodes.get('courier')!;
    expect(episode).toEqual(originalEpisode);
    expect(imported.personas.get('courier')).toEqual({
      ...original.personas.get('courier')!,
      file: path.join(out, 'personas', 'courier.yaml'),
    });

    if (hasPython) expect(await scoresOf(imported)).toEqual(await scoresOf(original));
  });

  it('points every file at the JSON Schema and copies assets without π-Bench bookkeeping', () => {
    const out = tmp();
    importPibench(FIXTURE_USER, out);
    const scenario = readFileSync(
      path.join(out, 'scenarios', 'courier', 'courier_task_002.yaml'),
      'utf8',
    );
    expect(scenario.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../../schemas/scenario.schema.json',
    );
    expect(readFileSync(path.join(out, 'personas', 'courier.yaml'), 'utf8').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../schemas/persona.schema.json',
    );
    expect(
      JSON.parse(readFileSync(path.join(out, 'schemas', 'scenario.schema.json'), 'utf8')),
    ).toHaveProperty('properties.pibench');
    expect(scenario).toContain('assets: ../../assets/courier_task_002');
    expect(existsSync(path.join(out, 'assets', 'courier_task_001', 'route_notes.md'))).toBe(true);
    expect(existsSync(path.join(out, 'assets', 'courier_task_001', '.history'))).toBe(false);
    expect(existsSync(path.join(out, 'assets', 'courier_task_001', 'task.yaml'))).toBe(false);
  });

  it('runs from the command line and refuses to overwrite without --force', async () => {
    const out = tmp();
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['import', FIXTURE_USER, '--out', out])).toBe(0);
      expect(stdout.mock.calls.map((c) => String(c[0])).join('')).toContain(
        'imported courier: 4 scenario(s), 1 episode(s), 2 asset file(s)',
      );
      expect(await main(['import', FIXTURE_USER, '--out', out])).toBe(1);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain(
        'already holds persona `courier`; pass --force to overwrite it',
      );
      expect(await main(['import', FIXTURE_USER, '--out', out, '--force'])).toBe(0);
      expect(await main(['validate', out])).toBe(0);
      expect(await main(['import', out, '--out', tmp()])).toBe(1);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain(
        'not a π-Bench user folder',
      );
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  });
});
