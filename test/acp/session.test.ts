/**
 * `--agent acp:'COMMAND'` against a real ACP peer: the test agent is built on the official ACP
 * SDK's agent side and reaches intentplay's tools through the official MCP SDK's client.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHumanPorts } from '../../src/session/input-queue.ts';
import { readRecording } from '../../src/session/recording.ts';
import { acp, runAcp } from './helpers.ts';

describe('an acp agent runs a whole session', () => {
  it('streams its reply, shows its plan, edits the workspace, calls our tools over MCP, and is judged like any agent', async () => {
    const run = await runAcp(acp());
    const [result] = run.results;
    expect(result!.end).toBe('resolved');
    expect(result!.scores.intents).toEqual({ I1: 'completed', I2: 'completed', I3: 'inferred' });
    expect(result!.scores.comp).toBe(1);
    // streamed chunks arrive as live text before the final message
    expect(
      run
        .of('agent_delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('Let me look at your files.');
    const said = run.of('message').find((m) => m.role === 'agent')!.text;
    expect(said).toMatch(/wrote notes\.md; reading \/etc\/hostname was denied\. Which format/);
    // its text after the plan and the tool calls is a paragraph of its own, live and recorded
    expect(said).toMatch(/^Let me look at your files\.\n\nI listed the workspace/);
    expect(
      run
        .of('agent_delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('at your files.\n\nI listed');
    // its MCP call is a tool call of the session, once (not again as its own tool)
    expect(run.of('tool_call').map((c) => c.name)).toEqual(['list_dir', 'edit']);
    expect(run.of('tool_result').find((r) => r.name === 'list_dir')).toMatchObject({
      ok: true,
      result: ['notes/'],
    });
    // its own edit is seen by the turn's snapshot
    expect(run.of('workspace_diff')[0]!.files.map((f) => [f.path, f.change])).toEqual([
      ['notes.md', 'added'],
    ]);
    // the plan, whole each time it changes
    expect(run.of('plan').map((p) => p.entries.map((e) => e.status))).toEqual([
      ['in_progress', 'pending'],
      ['completed', 'completed'],
    ]);
    // permission: inside the workspace allowed by the run policy, outside denied
    expect(run.of('permission').map((p) => [p.title, p.decision, p.by])).toEqual([
      ['Write notes.md', 'allowed', 'policy'],
      ['Read /etc/hostname', 'denied', 'policy'],
    ]);
    // the recording keeps all of it, and reads back
    const rec = readRecording(result!.recording!);
    expect(rec.header.backends.agent).toMatchObject({ kind: 'acp' });
    expect(rec.events.filter((e) => e.type === 'plan')).toHaveLength(2);
    expect(
      rec.events.some((e) => e.type === 'agent_delta' || e.type === 'permission_request'),
    ).toBe(false);
  });

  it('reaches the tools through the stdio bridge when the agent has no HTTP support', async () => {
    const run = await runAcp(acp('--stdio-mcp'));
    expect(run.results[0]!.end).toBe('resolved');
    expect(run.of('tool_result').find((r) => r.name === 'list_dir')).toMatchObject({ ok: true });
    expect(run.results[0]!.scores.intents.I2).toBe('completed');
  }, 30_000);

  it('asks the person at the screen, and a denial keeps the workspace untouched', async () => {
    const ports = createHumanPorts();
    const asked: string[] = [];
    const run = await runAcp(acp(), {
      human: ports,
      onEvent: (e) => {
        if (e.type === 'permission_request') {
          asked.push(e.title);
          ports.permission.push('denied');
        }
      },
    });
    // only the request inside the workspace reaches the person; the one outside is denied by policy
    expect(asked).toEqual(['Write notes.md']);
    expect(run.of('permission').map((p) => [p.decision, p.by])).toEqual([
      ['denied', 'person'],
      ['denied', 'policy'],
    ]);
    expect(run.of('workspace_diff')).toHaveLength(0);
    expect(run.results[0]!.scores.intents.I1).not.toBe('completed');
    expect(run.of('message').find((m) => m.role === 'agent')!.text).toContain(
      'was not allowed to write notes.md',
    );
  });

  it("does not count the person's time deciding a permission against the agent's deadline", async () => {
    const ports = createHumanPorts();
    // The agent has 2.5 s to answer; the person takes 3.5 s to allow its edit.
    const run = await runAcp(acp('', 2500), {
      human: ports,
      onEvent: (e) => {
        if (e.type === 'permission_request')
          setTimeout(() => ports.permission.push('allowed'), 3500);
      },
    });
    expect(run.results[0]!.message).toBeUndefined();
    expect(run.results[0]!.end).toBe('resolved');
    expect(run.of('permission')[0]).toMatchObject({ decision: 'allowed', by: 'person' });
  }, 30_000);

  it('stops a turn at the tool-step cap and goes on with the session', async () => {
    const run = await runAcp(acp('--calls 40 --quiet'));
    const notices = run.of('notice').map((n) => n.text);
    expect(notices.some((t) => /tool-step cap reached \(30 tool calls/.test(t))).toBe(true);
    expect(run.of('tool_call')).toHaveLength(30);
    expect(run.results[0]!.end).not.toBe('error');
  }, 30_000);
});

describe('a failing acp agent ends its session as an error, with its last words, and nothing is lost', () => {
  it('crashes mid-prompt', async () => {
    const run = await runAcp(acp('--crash-on 1'));
    const [r] = run.results;
    expect(r!.end).toBe('error');
    expect(r!.message).toMatch(/the acp agent failed: the agent process exited with code 3/);
    expect(r!.message).toContain('fatal: simulated crash (--crash-on)');
    const log = r!.recording!.replace(/\.jsonl$/, '.agent.log');
    expect(readFileSync(log, 'utf8')).toContain('simulated crash');
    // the recording is complete: it ends with the session's end
    expect(readRecording(r!.recording!).complete).toBe(true);
  });

  it('hangs past the timeout', async () => {
    const started = Date.now();
    const run = await runAcp(acp('--hang', 2000));
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toMatch(/took longer than 2 s to answer \(--agent-timeout\)/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('hangs past the timeout after saying something: what it said is kept', async () => {
    const run = await runAcp(acp('--hang-after-words', 3000));
    expect(run.results[0]!.message).toMatch(/took longer than 3 s to answer/);
    const kept = run.of('notice').find((n) => n.text.includes('cut short'));
    expect(kept).toMatchObject({ level: 'warning', turn: 1 });
    expect(kept!.text).toBe(
      "the agent's turn was cut short; what it had said so far: “Let me look at your files.”",
    );
    const recorded = readRecording(run.results[0]!.recording!).events;
    expect(recorded.some((e) => e.type === 'notice' && e.text === kept!.text)).toBe(true);
  });

  it('exits at once: its exit code and its stderr, not the failed write to it', async () => {
    const run = await runAcp({ kind: 'acp', name: "sh -c 'echo no config here >&2; exit 2'" });
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toMatch(
      /^the acp agent did not start: the agent process exited with code 2\n/,
    );
    expect(run.results[0]!.message).toContain('no config here');
  });

  it('writes garbage on stdout', async () => {
    const run = await runAcp(acp('--garbage'));
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toContain(
      'it wrote something that is not an ACP message on stdout: "this is not an ACP message"',
    );
  });

  it('refuses to initialise', async () => {
    const run = await runAcp(acp('--refuse-init'));
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toMatch(/the acp agent did not start: .*refuses to start/);
  });

  it('is a command that does not exist', async () => {
    const run = await runAcp({ kind: 'acp', name: 'no-such-agent-binary --acp' });
    expect(run.results[0]!.end).toBe('error');
    expect(run.results[0]!.message).toMatch(/could not start `no-such-agent-binary`/);
  });

  it('is cancelled when the person quits, and its process stops even when it ignores the cancel', async () => {
    const controller = new AbortController();
    const tag = `quit-${process.pid}-${Date.now()}`;
    const run = await runAcp(acp(`--slow 400 --ignore-cancel --tag ${tag}`), {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'agent_delta') controller.abort();
      },
    });
    expect(run.results[0]!.end).toBe('aborted');
    expect(running(tag)).toBe(false);
  });

  it('stops its process when the session ends normally', async () => {
    const tag = `end-${process.pid}-${Date.now()}`;
    const run = await runAcp(acp(`--tag ${tag}`));
    expect(run.results[0]!.end).toBe('resolved');
    expect(running(tag)).toBe(false);
  });
});

/** True while a process whose command line holds `tag` runs. */
function running(tag: string): boolean {
  return spawnSync('pgrep', ['-f', tag]).status === 0;
}

describe('the ACP wrapper example (examples/acp-wrapper.mjs)', () => {
  it('turns a command-line agent into an acp agent that reaches the tools over MCP', async () => {
    const run = await runAcp({
      kind: 'acp',
      name: `node examples/acp-wrapper.mjs node test/fixtures/wrapped-agent.mjs`,
    });
    expect(run.results[0]!.end).toBe('resolved');
    // each prompt runs the command once: turn 1 and the turn after the user's answer
    expect(
      run
        .of('tool_call')
        .filter((c) => c.turn === 1)
        .map((c) => c.name),
    ).toEqual(['list_dir', 'write_file']);
    expect(run.of('message').find((m) => m.role === 'agent')!.text).toBe(
      'I saved your request to notes.md.\nWhich format do you want for the summary?',
    );
    expect(run.results[0]!.scores.intents).toEqual({
      I1: 'completed',
      I2: 'completed',
      I3: 'inferred',
    });
  }, 30_000);
});
