/** Recordings: written event by event, read back identically, bad records named by line. */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { EPHEMERAL_EVENTS } from '../../src/contracts/events.ts';
import { runTarget } from '../helpers/run.ts';
import { planRuns } from '../../src/session/plan.ts';
import { runGroup } from '../../src/session/group.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

const FIXTURE = path.resolve('test/fixtures/lib/scenarios/tester/plan.yaml');

async function recordOne() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-rec-'));
  const live = await runTarget(FIXTURE, {
    agent: 'script:proactive',
    recordingsDir: dir,
    noDeps: true,
  });
  const file = path.join(dir, readdirSync(dir)[0]!);
  return { dir, live, file };
}

describe('recordings', () => {
  it('hold exactly the live events (minus streaming) with a header, and the final scores', async () => {
    const { live, file } = await recordOne();
    const rec = readRecording(file);
    expect(rec.complete).toBe(true);
    expect(rec.header).toMatchObject({
      format: 'intentplay-recording',
      version: 1,
      scenario: 'tester/plan',
      persona: 'tester',
      backends: {
        agent: { kind: 'script', name: 'proactive' },
        user: { kind: 'rules' },
        judge: { kind: 'rules' },
      },
    });
    const strip = (e: object) => ({ ...e, t: 0 });
    expect(rec.events.map(strip)).toEqual(
      live.events.filter((e) => !EPHEMERAL_EVENTS.has(e.type)).map(strip),
    );
    expect(rec.events.find((e) => e.type === 'score')).toMatchObject({
      scores: live.results[0]!.scores,
    });
  });

  it('never contain an API key', async () => {
    process.env.OPENAI_API_KEY = 'sk-test-SECRET-key-1234';
    try {
      const { file } = await recordOne();
      expect(readFileSync(file, 'utf8')).not.toContain('SECRET');
    } finally {
      delete process.env.OPENAI_API_KEY;
    }
  });

  it('tolerate a torn last line (crash mid-write) and report the run as incomplete', async () => {
    const { file } = await recordOne();
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    writeFileSync(file, lines.slice(0, 5).join('\n') + '\n{"type":"mess');
    const rec = readRecording(file);
    expect(rec.events).toHaveLength(4);
    expect(rec.complete).toBe(false);
  });

  it('name the line of a bad record', async () => {
    const { file } = await recordOne();
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    lines.splice(2, 0, '{"type":"mystery","t":1}');
    writeFileSync(file, lines.join('\n') + '\n');
    expect(() => readRecording(file)).toThrow(`${file}:3: unknown event type "mystery"`);
    lines[2] = 'not json';
    writeFileSync(file, lines.join('\n') + '\n');
    expect(() => readRecording(file)).toThrow(`${file}:3: not JSON`);
  });

  it('check the format and version in the header', async () => {
    const { file } = await recordOne();
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(
      file,
      [JSON.stringify({ ...JSON.parse(lines[0]!), version: 99 }), ...lines.slice(1)].join('\n'),
    );
    expect(() => readRecording(file)).toThrow(/:1: recording version 99 is not supported/);
    writeFileSync(file, '{"hello":1}\n');
    expect(() => readRecording(file)).toThrow(/:1: not an intentplay recording/);
  });

  it('are flushed event by event: every event is on disk when it is emitted', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-rec-'));
    const onDisk: number[] = [];
    let emitted = 0;
    const [group] = planRuns([FIXTURE], { noDeps: true });
    await runGroup(group!, {
      specs: {
        agent: { kind: 'script', name: 'proactive' },
        user: { kind: 'rules' },
        judge: { kind: 'rules' },
      },
      config: resolveConfig({}, {}),
      registry: createToolRegistry(),
      recordingsDir: dir,
      onEvent: (e) => {
        if (EPHEMERAL_EVENTS.has(e.type)) return;
        emitted++;
        const file = path.join(dir, readdirSync(dir)[0]!);
        onDisk.push(readFileSync(file, 'utf8').split('\n').filter(Boolean).length - 1 - emitted);
      },
    });
    expect(emitted).toBeGreaterThan(10);
    expect(new Set(onDisk)).toEqual(new Set([0]));
  });
});
