/**
 * A finished session lets go of what its tools returned: its records (transcript, tool calls,
 * replies) are emptied once it ends, so file texts a tool read can be collected young instead
 * of being carried into V8's old generation by the records of sessions long over (over 1,000
 * sessions that garbage was what put the engine benchmark's peak RSS over 150 MB). What the
 * session did stays in its events, its recording and its result.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionRun } from '../../src/session/engine.ts';
import { readRecording } from '../../src/session/recording.ts';
import { runTarget } from '../helpers/run.ts';

const FIXTURE = path.resolve('test/fixtures/lib/scenarios/tester/plan.yaml');

describe('a finished session', () => {
  it('keeps no tool results in its records; its recording still has them', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-mem-'));
    let run: SessionRun | undefined;
    let atScore = { transcript: 0, toolCalls: 0, replies: 0 };
    const { results } = await runTarget(FIXTURE, {
      agent: 'script:proactive',
      noDeps: true,
      recordingsDir: dir,
      onSession: (r) => (run = r),
      onEvent: (event, r) => {
        if (event.type === 'score')
          atScore = {
            transcript: r.transcript.length,
            toolCalls: r.toolCalls.length,
            replies: r.replies.length,
          };
      },
    });
    // While it ran, the session's records held its turns and its calls.
    expect(atScore.transcript).toBeGreaterThan(2);
    expect(atScore.toolCalls).toBeGreaterThan(0);
    expect(atScore.replies).toBeGreaterThan(0);
    // Once it ended they are empty, though the run object is still referenced here.
    expect(run!.transcript).toEqual([]);
    expect(run!.toolCalls).toEqual([]);
    expect(run!.replies).toEqual([]);
    // What it did is in its result and its recording.
    expect(results[0]!.scores.turns).toBeGreaterThan(0);
    const rec = readRecording(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
      ),
    );
    expect(rec.events.filter((e) => e.type === 'tool_result').length).toBe(atScore.toolCalls);
  });
});
