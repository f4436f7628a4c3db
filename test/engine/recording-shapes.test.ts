/**
 * Recordings are checked event by event when read: a line that is JSON but lacks what its
 * event needs (a diff without files, a score that is not an object) is a located error for
 * replay, report and compare (exit 1, never an internal error), and resume runs it again.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { batchLibrary, cli, readLines } from '../batch/helpers.ts';

describe('damaged recordings', () => {
  it('are located errors, never crashes, and resume runs them again', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'intentplay-shapes-')), 'r');
    expect((await cli(['run', batchLibrary(), '--out', out, '--no-progress'])).code).toBe(0);
    const dir = path.join(out, 'recordings');
    const [first, second] = readdirSync(dir)
      .sort()
      .map((f) => path.join(dir, f));
    const damage = (
      file: string,
      type: string,
      edit: (e: Record<string, unknown>) => void,
    ): number => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const i = lines.findIndex((l) => l.includes(`"type":"${type}"`));
      const e = JSON.parse(lines[i]!) as Record<string, unknown>;
      edit(e);
      lines[i] = JSON.stringify(e);
      writeFileSync(file, lines.join('\n'));
      return i + 1;
    };
    const scoreLine = damage(first!, 'score', (e) => (e.scores = 5));
    const diffLine = damage(second!, 'intent_status', (e) => delete e.to);

    expect(() => readRecording(first!)).toThrow(
      `${first}:${scoreLine}: event "score" needs \`scores\` (an object), got number`,
    );
    expect(() => readRecording(second!)).toThrow(
      `${second}:${diffLine}: event "intent_status" needs \`to\` (a string), got nothing`,
    );

    const replay = await cli(['replay', first!, '--plain']);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toContain(`event "score" needs \`scores\``);
    expect(replay.stderr).not.toContain('internal error');

    const compare = await cli(['compare', first!, second!]);
    expect(compare.code).toBe(1);
    expect(compare.stderr).not.toContain('internal error');

    // Resume: the damaged sessions are not finished; their groups run again.
    const before = readLines(out).length;
    expect((await cli(['run', '--resume', out, '--no-progress'])).code).toBe(0);
    expect(readLines(out).length).toBe(before);
    // Every run line now points at a recording that reads: the damaged ones were replaced.
    for (const r of readLines(out))
      expect(() => readRecording(path.join(out, r.recording!))).not.toThrow();
  });
});
