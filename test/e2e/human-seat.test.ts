/**
 * The human seat in a real terminal (tmux), typed as a person types, one key at a time: a whole
 * sentence typed into any pane never answers a proposal or a question; a verdict is a chord;
 * a question after a stray chord lets the sentence go on into the message.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal, type Terminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');
const LIB = path.join(ROOT, 'test/fixtures/lib');

/** A terminal of its own for each test, so the three run at once (each mostly waits on the screen). */
const terminals: Terminal[] = [];
afterAll(() => terminals.forEach((t) => t.close()));

function seat(name: string) {
  const term = tmuxTerminal(BIN, `seat-${name}`);
  terminals.push(term);
  const { keys } = term;
  return {
    term,
    keys,
    start: term.start,
    waitFor: term.waitFor,
    /** Types `text` one key at a time, as a person does (tmux would otherwise send it as one paste). */
    typeByKey(text: string): void {
      for (const ch of text) term.type(ch);
    },
    /** Presses keys one at a time, a beat apart, as a person does (sent together, esc and the next key read as one meta key). */
    async pressEach(...k: string[]): Promise<void> {
      for (const one of k) {
        keys(one);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}

describe.skipIf(!hasTmux)('the human seat in a terminal', { concurrent: true }, () => {
  it(
    'a proposal waits through sentences typed into every pane; ctrl+y accepts it',
    { timeout: 90_000 },
    async () => {
      const { term, keys, start, waitFor, typeByKey, pressEach } = seat('prop');
      start(
        ['play', 'researcher/soap-list', '--agent', 'script:proactive', '--recordings', 'prop'],
        { columns: 120, rows: 40 },
      );
      await term.begin();
      await waitFor((s) => s.includes('a phone move'), 'the input box');
      for (let i = 0; i < 4 && !term.screen().includes('ctrl+y accepts P1'); i++) {
        keys('C-n');
        // The next phone move may bring the proposal: up to a second and a half for it to show.
        await waitFor((s) => s.includes('ctrl+y accepts P1'), 'the proposal', 1500).catch(
          () => undefined,
        );
      }
      await waitFor((s) => s.includes('P1 ? waiting for your answer'), 'the proposal');
      // esc: the conversation; then tab through the panes, a sentence in each, as a person types it.
      await pressEach('Escape');
      typeByKey('no idea what this is ');
      await pressEach('Escape', 'Tab', 'Tab');
      typeByKey('yes I see it ');
      await pressEach('Escape', 'Tab', 'Tab', 'Tab');
      typeByKey('nope');
      let text = await waitFor(
        (s) => s.includes('› no idea what this is yes I see it nope'),
        'the sentences in the input box',
      );
      expect(text).toContain('P1 ? waiting for your answer');
      expect(text).not.toContain('rejected');
      keys('C-u');
      await waitFor((s) => s.includes('you (user) ›  a phone move'), 'the box cleared');
      keys('Escape');
      await waitFor((s) => s.includes('? keys  tab pane'), 'the pane to have the keys');
      keys('?');
      text = await waitFor((s) => s.includes('Keys (esc or ? closes)'), 'the help');
      expect(text).toContain('ctrl+y          accept the proposal waiting for you');
      expect(text).toContain('ctrl+r          reject it');
      await pressEach('Escape', 'C-y');
      text = await waitFor(
        (s) => s.includes('user  Yes, please go ahead with P1'),
        'the proposal accepted',
      );
      expect(text).toContain('P1 ✓ accepted');
      await pressEach('C-c');
      await waitFor(
        (s) => s.includes('Quit while the session runs?') || s.includes('[exit'),
        'the quit question',
      );
      if (term.screen().includes('Quit while')) keys('C-c');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    'a sentence typed after a stray ctrl+d or ctrl+c goes into the message and answers nothing',
    { timeout: 90_000 },
    async () => {
      const { term, keys, start, waitFor, typeByKey } = seat('ask');
      start(
        [
          'play',
          'tester/gear',
          '--library',
          LIB,
          '--agent',
          'script:reactive',
          '--recordings',
          'ask',
        ],
        { columns: 80, rows: 24 },
      );
      await term.begin();
      await waitFor((s) => s.includes('enter sends'), 'the person’s turn');
      keys('C-d');
      let text = await waitFor((s) => s.includes('End the session now?'), 'the end question');
      expect(text).toContain('ctrl+d end it · esc go on playing');
      typeByKey('yes I need shoes under 600 RMB');
      text = await waitFor(
        (s) => s.includes('› yes I need shoes under 600 RMB'),
        'the sentence in the box',
      );
      expect(text).toContain('End the session now?');
      keys('Enter');
      text = await waitFor(
        (s) => s.includes('user  yes I need shoes under 600 RMB'),
        'the message sent',
      );
      expect(text).not.toMatch(/ended · Proc/);
      keys('Escape');
      await waitFor((s) => !s.includes('End the session now?'), 'the question gone');
      keys('C-c');
      await waitFor((s) => s.includes('Quit while the session runs?'), 'the quit question');
      typeByKey('no, quite');
      keys('Escape');
      text = await waitFor(
        (s) => !s.includes('Quit while') && s.includes('› no, quite'),
        'the question gone, the text kept',
      );
      expect(text).not.toContain('[exit');
      keys('C-c');
      await waitFor((s) => s.includes('Quit while the session runs?'), 'the quit question');
      keys('C-c');
      await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );

  it(
    't while a watch runs, in the wait after turn 1: the next user message is the person’s',
    { timeout: 90_000 },
    async () => {
      const { term, keys, start, waitFor, typeByKey, pressEach } = seat('take');
      start(
        [
          'watch',
          'researcher/meal-plan',
          '--agent',
          'script:proactive',
          '--delay',
          '3000',
          '--no-deps',
          '--recordings',
          'take',
        ],
        {
          columns: 160,
          rows: 48,
        },
      );
      await term.begin();
      let text = await waitFor(
        (s) => /agent +\S/.test(s.split('── turn 1')[1] ?? ''),
        'the agent’s first reply',
      );
      expect(text).not.toContain('── turn 2');
      keys('t');
      text = await waitFor(
        (s) => s.includes('you (user) ›') && s.includes('enter sends'),
        'the person’s turn',
      );
      expect(text).not.toContain('── turn 2');
      typeByKey('Actually I am vegetarian now, no meat please.');
      keys('Enter');
      text = await waitFor(
        (s) => s.includes('user  Actually I am vegetarian now, no meat please.'),
        'the person’s message',
      );
      await pressEach('C-c');
      await waitFor(
        (s) => s.includes('Quit while the session runs?') || s.includes('[exit'),
        'the quit question',
      );
      if (term.screen().includes('Quit while')) keys('C-c');
      text = await waitFor((s) => s.includes('[exit 0]'), 'intentplay to exit');
    },
  );
});
