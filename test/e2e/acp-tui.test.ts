/**
 * An acp agent (the test agent on the official ACP SDK) in the real binary under tmux: a person
 * answers its permission request, plays the user in whole sentences, quits mid-turn, and ends a
 * session whose agent went quiet mid-turn.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIB = path.join(ROOT, 'test/fixtures/acp-lib');
const AGENT = `node ${path.join(ROOT, 'test/fixtures/acp-agent.mjs')}`;
const term = tmuxTerminal(path.join(ROOT, 'bin/intentplay.js'), 'acp-e2e');
afterAll(() => term.close());

describe.skipIf(!hasTmux)('your own agent over ACP, in a terminal', () => {
  it(
    'play: a sentence typed answers nothing, ctrl+y allows the edit; answer its question in a sentence, and the session resolves',
    { timeout: 120_000 },
    async () => {
      term.start(acpArgs('play', '', 'rec'));
      await term.waitFor((s) => s.includes('enter begins'), 'the opening card');
      term.keys('Enter');
      let text = await term.waitFor(
        (s) => s.includes('The agent asks to run: Write notes.md'),
        'the permission question',
      );
      expect(text).toMatch(/ctrl\+y allow once\s+ctrl\+a allow always\s+ctrl\+r\/esc deny/);
      // A sentence typed while it asks, digits included, goes into the message and answers nothing.
      term.type('ok 2 bags');
      text = await term.waitFor(
        (s) => s.includes('› ok 2 bags'),
        'the sentence in the message box',
      );
      expect(text).toContain('The agent asks to run: Write notes.md');
      expect(text).not.toContain('allowed');
      term.keys('C-u');
      await term.waitFor((s) => !s.includes('› ok 2 bags'), 'the message box cleared');
      term.keys('C-y');
      text = await term.waitFor(
        (s) => s.includes('Which format do you prefer'),
        "the agent's question",
      );
      expect(text).toContain('allowed: Write notes.md (by you)');
      expect(text).toContain('denied: Read /etc/hostname');
      expect(text).toMatch(/plan\s+2\/2 done/);
      expect(text).toContain('A notes.md');
      term.type('Bullet points, please, and keep it short.');
      term.keys('Enter');
      text = await term.waitFor(
        (s) => s.includes('resolved · Proc 1.00'),
        'the session to resolve',
      );
      expect(text).toContain('agent Thanks, noted: Bullet points, please, and');
      expect(text).toContain('keep it short.');
      term.keys('C-c');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'watch: quitting while the agent streams stops it, and nothing is left running',
    { timeout: 120_000 },
    async () => {
      const tag = `e2e-quit-${process.pid}`;
      term.start(acpArgs('watch', `--slow 1500 --ignore-cancel --tag ${tag}`, 'rec2'));
      await term.waitFor((s) => s.includes('Let me look'), 'the agent to start streaming');
      term.keys('q');
      await term.waitFor((s) => s.includes('Quit while the session runs?'), 'the quit question');
      term.keys('y');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit', 30_000);
      expect(spawnSync('pgrep', ['-f', tag]).status).not.toBe(0);
      // what it had streamed before the quit is in the recording
      expect(recordedNotices('rec2').some((t) => /cut short.*“Let me look/.test(t))).toBe(true);
    },
  );

  it(
    'watch: taken over while the agent works, the take-over is said after its reply, not before',
    { timeout: 60_000 },
    async () => {
      term.start(acpArgs('watch', '--slow 1500 --quiet', 'rec5'));
      await term.waitFor((s) => s.includes('Let me look'), 'the agent to start streaming');
      term.keys('t');
      const text = await term.waitFor(
        (s) => s.includes('Done (1 calls).') && s.includes('a person took over the user'),
        'its reply and the take-over',
      );
      expect(text.indexOf('agent Let me look')).toBeLessThan(text.indexOf('a person took over'));
      const events = recorded('rec5').filter((e) => e.type === 'message' || e.type === 'notice');
      expect(events.map((e) => [e.type, e.turn, e.role ?? e.text])).toEqual([
        ['message', 1, 'user'],
        ['message', 1, 'agent'],
        ['notice', 1, 'a person took over the user after turn 1'],
      ]);
      term.keys('C-c');
      await term.waitFor((s) => s.includes('Quit while the session runs?'), 'the quit question');
      term.keys('C-c');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'closing the terminal while the agent works stops the agent and what it started',
    { timeout: 60_000 },
    async () => {
      const tag = `e2e-hangup-${process.pid}`;
      term.start(acpArgs('play', `--slow 3000 --child --tag ${tag}`, 'rec4'));
      await term.begin();
      await term.waitFor((s) => s.includes('Let me look'), 'the agent to start streaming');
      expect(spawnSync('pgrep', ['-f', tag]).status).toBe(0);
      term.hangUp();
      const t0 = Date.now();
      while (spawnSync('pgrep', ['-f', tag]).status === 0 && Date.now() - t0 < 10_000)
        await new Promise((r) => setTimeout(r, 200));
      expect(spawnSync('pgrep', ['-f', tag]).status).not.toBe(0);
    },
  );

  it(
    'play: the agent goes quiet mid-turn; ending the session keeps what it had said, on screen and recorded',
    { timeout: 120_000 },
    async () => {
      term.start(acpArgs('play', '--hang-after-words', 'rec3'));
      await term.begin();
      await term.waitFor((s) => s.includes('Let me look at your files.▍'), 'its words, streaming');
      term.type('Bullet points, please.');
      term.keys('C-d');
      await term.waitFor((s) => s.includes('End the session now?'), 'the end question');
      term.keys('C-d');
      await term.waitFor((s) => s.includes('the run is over'), 'the result card');
      term.keys('Escape');
      const text = await term.waitFor((s) => s.includes('cut short'), 'the words kept');
      expect(text).toContain("! the agent's turn was cut short; what it had");
      expect(text).toContain('said so far: “Let me look at your files.”');
      expect(text).not.toContain('▍');
      expect(recordedNotices('rec3')).toContain(
        "the agent's turn was cut short; what it had said so far: “Let me look at your files.”",
      );
      term.keys('q');
      await term.waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});

/** `MODE tester/notes` with the test agent given FLAGS, recorded into REC. */
function acpArgs(mode: 'play' | 'watch', flags: string, rec: string): string[] {
  const agent = `acp:${AGENT} ${flags}`.trim();
  return [mode, 'tester/notes', '--library', LIB, '--agent', agent, '--recordings', rec];
}

type Recorded = { type?: string; turn?: number; role?: string; text?: string };

/** The events of the one recording in `dir` (under the terminal's folder). */
function recorded(dir: string): Recorded[] {
  const folder = path.join(term.work, dir);
  const file = readdirSync(folder).find((f) => f.endsWith('.jsonl'))!;
  return readFileSync(path.join(folder, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Recorded);
}

/** The notices of the one recording in `dir`. */
function recordedNotices(dir: string): string[] {
  return recorded(dir)
    .filter((e) => e.type === 'notice')
    .map((e) => e.text ?? '');
}
