/**
 * What intentplay says of an agent that does not do what it seems to: a reply after keep_silent
 * on a time scenario, and an agent that never reaches intentplay's tools (Gemini CLI in a
 * folder it does not trust), against the test agent on the official ACP SDK.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { ACP_LIB, acp, runAcp } from './helpers.ts';

const WATCH = path.join(ACP_LIB, 'scenarios/tester/watch.yaml');

describe('an acp agent that misleads', () => {
  it('a reply after a successful keep_silent is flagged, and the turn counts as silent', async () => {
    const run = await runAcp(acp('--quiet --calls 0 --silent-reply'), {}, WATCH);
    const r = run.results[0]!;
    const rec = readRecording(r.recording!);
    const woken = rec.events.find((e) => e.type === 'wake_choice')!;
    expect(woken).toMatchObject({ update: 'U1', choice: 'keep_silent' });
    // the words are kept as what the agent said, with the notice beside them in the recording
    const said = run.of('message').filter((m) => m.role === 'agent' && m.turn === woken.turn);
    expect(said.map((m) => m.text)).toEqual([
      'Nothing worth telling you yet: the flat is too dear.',
    ]);
    const notices = run.of('notice').filter((n) => n.turn === woken.turn);
    expect(rec.events.filter((e) => e.type === 'notice')).toHaveLength(2);
    expect(notices.map((n) => n.text)).toEqual([
      expect.stringContaining('called keep_silent and still replied'),
    ]);
    expect(r.scores.time?.silences).toMatchObject({ expected: 1, kept: 1, broken: 0 });
  });

  it("an agent that never lists or calls intentplay's tools is named, once", async () => {
    const run = await runAcp(acp('--no-mcp --quiet'));
    const warned = run
      .of('notice')
      .filter((n) => n.text.includes("never listed or called intentplay's tools"));
    expect(warned).toHaveLength(1);
    expect(warned[0]!.text).toContain(
      'Gemini CLI ignores MCP servers in a folder it does not trust',
    );
    // the recording keeps it for replays and reports
    const rec = readRecording(run.results[0]!.recording!);
    expect(rec.events.some((e) => e.type === 'notice' && e.text === warned[0]!.text)).toBe(true);
  });

  it('an agent that uses the tools is not warned', async () => {
    const run = await runAcp(acp('--quiet'));
    expect(run.of('tool_result').map((e) => e.name)).toContain('list_dir');
    expect(run.of('notice').filter((n) => n.text.includes('never listed'))).toEqual([]);
  });
});
