/**
 * The annotation reader as an outside audit tries it: annotations naming /dev/zero, /, a pipe
 * and a file outside their folder as their recording; a pipe given as the annotations file; a
 * file that starts with a byte order mark. Nothing grows, crashes or blocks: the odd
 * recordings are left out as not found, and the BOM file reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { annotationLine } from './helpers.ts';

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((c) => (out.push(String(c)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out: out.join('') };
}
afterEach(() => vi.restoreAllMocks());

const record = annotationLine;

describe('agreement reads only what it should', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ip-agree-hostile-'));
  const ann = path.join(root, 'study', 'annotations');
  mkdirSync(ann, { recursive: true });
  spawnSync('mkfifo', [path.join(root, 'study', 'pipe.jsonl')]);
  writeFileSync(path.join(root, 'outside.jsonl'), '{}\n');
  const named = ['/dev/zero', '/', '../pipe.jsonl', '../../outside.jsonl', '/etc/passwd'];

  it('leaves out recordings that are devices, folders, pipes or outside, at once', async () => {
    const file = path.join(ann, 'a.jsonl');
    writeFileSync(
      file,
      [
        ...named.map((r) => record(r, 'alice')),
        ...named.map((r) => record(r, 'bob', 'provided')),
      ].join('\n') + '\n',
    );
    const started = Date.now();
    const r = await cli(['agreement', file, '--format', 'json']);
    expect(r.code, r.out).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    const result = JSON.parse(r.out) as { records: number; judges: string[] };
    expect(result.records).toBe(10);
    expect(result.judges).toEqual([]); // none of them was read as a recording
  });

  it('refuses a pipe as the annotations file, and reads one that starts with a byte order mark', async () => {
    const pipe = path.join(ann, 'fifo.jsonl');
    spawnSync('mkfifo', [pipe]);
    const refused = await cli(['agreement', pipe]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('cannot read annotations: not a regular file');
    const bom = path.join(root, 'bom.jsonl');
    writeFileSync(
      bom,
      '\uFEFF' + [record('x.jsonl', 'alice'), record('x.jsonl', 'bob')].join('\n') + '\n',
    );
    const read = await cli(['agreement', bom, '--format', 'json']);
    expect(read.code, read.out).toBe(0);
    expect((JSON.parse(read.out) as { records: number }).records).toBe(2);
  });
});
