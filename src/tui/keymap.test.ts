import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { splitKeys } from './hooks/keypress.tsx';
import { actionFor, bindingsFor, KEYMAP, keyLabels, keyName, keysOf } from './keymap.ts';

const key = (over: Partial<Key> = {}): Key =>
  ({
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageDown: false,
    pageUp: false,
    home: false,
    end: false,
    return: false,
    escape: false,
    ctrl: false,
    shift: false,
    tab: false,
    backspace: false,
    delete: false,
    meta: false,
    super: false,
    hyper: false,
    capsLock: false,
    numLock: false,
    ...over,
  }) as Key;

describe('the keymap', () => {
  it('binds each key at most once per scope', () => {
    const seen = new Map<string, string>();
    for (const b of KEYMAP)
      for (const k of b.keys) {
        const id = `${b.scope} ${k}`;
        expect(seen.get(id), `${id} is bound to ${seen.get(id)} and ${b.action}`).toBeUndefined();
        seen.set(id, b.action);
      }
  });

  it('names keys the way the table spells them', () => {
    expect(keyName('', key({ upArrow: true }))).toBe('up');
    expect(keyName('', key({ tab: true, shift: true }))).toBe('shift+tab');
    expect(keyName('c', key({ ctrl: true }))).toBe('ctrl+c');
    expect(keyName(' ', key())).toBe('space');
    expect(keyName('G', key({ shift: true }))).toBe('G');
    expect(keyName('\r', key({ return: true }))).toBe('return');
  });

  it('tries scopes in order, so the focused pane wins over the screen', () => {
    expect(actionFor('return', ['intents', 'pane', 'session'])).toBe('reveal');
    expect(actionFor('r', ['checklist', 'pane'])).toBe('gradeNow');
    expect(actionFor('return', ['conversation', 'pane'])).toBe('select');
    expect(actionFor('q', ['confirm', 'global'])).toBe('no');
    expect(actionFor('q', ['global'])).toBe('quit');
    expect(actionFor('z', ['global', 'session'])).toBeUndefined();
  });

  it('gives the help overlay every binding of the scopes asked for, and hints their keys', () => {
    const groups = bindingsFor(['global', 'replay']);
    expect(groups.map((g) => g.title)).toEqual(['Everywhere', 'Replay']);
    expect(groups[1]!.bindings.map((b) => b.action)).toContain('nextChange');
    expect(keysOf('turnPrev', 'replay')).toBe('←/h');
  });

  it('leaves out of the help the actions asked, and while a person writes the keys that type', () => {
    const keys = (groups: ReturnType<typeof bindingsFor>) =>
      groups.flatMap((g) => g.bindings.map((b) => `${b.action}:${b.keys.join(' ')}`));
    expect(keys(bindingsFor(['global', 'pane']))).toEqual(
      expect.arrayContaining(['quit:q ctrl+c', 'up:up k', 'top:g']),
    );
    const writing = keys(
      bindingsFor(['global', 'pane', 'intents'], { typing: true, omit: ['overrideMenu'] }),
    );
    expect(writing).toEqual(
      expect.arrayContaining([
        'help:?',
        'quit:ctrl+c',
        'up:up',
        'pageDown:pagedown',
        'reveal:return',
      ]),
    );
    expect(writing.filter((k) => k.startsWith('top:') || k.startsWith('overrideMenu:'))).toEqual(
      [],
    );
    // Only the digits of a 1–5 scale, read as one range.
    const scale = bindingsFor(['rating'], {
      only: { choose: ['1', '2', '3', '4', '5'] },
    })[0]!.bindings.find((b) => b.action === 'choose')!;
    expect(keyLabels(scale.keys)).toEqual(['1-5']);
  });

  it('splits a chunk of input into its control keys and its text', () => {
    const names = (input: string) => splitKeys(input, key()).map((p) => p.name);
    expect(names('\tr')).toEqual(['tab', 'r']);
    expect(names('hello\rq')).toEqual(['hello', 'return', 'q']);
    expect(names('\u0004')).toEqual(['\u0004']); // a single key passes through as Ink parsed it
    expect(names('ab\u0004')).toEqual(['ab', 'ctrl+d']);
    expect(names('two\nlines')).toEqual(['two\nlines']);
    // Esc and tab sent together reach Ink as a bare tab with no key: both keys, never a tab typed as text.
    expect(names('\t')).toEqual(['escape', 'tab']);
  });
});
