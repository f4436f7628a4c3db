import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appFromName,
  findCredentials,
  readCredentials,
} from '../../src/scenario/pibench/credentials.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { copyFixture } from './helpers.ts';

describe('credentials in a π-Bench request', () => {
  it('reads a "login info" block, per app', () => {
    const text =
      'My Simple Note login info:\n  Email: desk@courier.test\n  Password: a#b=C[d\n\nPlease tidy my notes.';
    expect(findCredentials(text)).toEqual([
      { app: 'simple_note', username: 'desk@courier.test', password: 'a#b=C[d' },
    ]);
  });

  it('reads the same block folded onto one line (PyYAML folds a quoted value that way)', () => {
    const text =
      'Sort my Friday. My Todoist login info: Email: desk@courier.test Password: Eu(M@!7 Please help me organize it.';
    expect(findCredentials(text)).toEqual([
      { app: 'todoist', username: 'desk@courier.test', password: 'Eu(M@!7' },
    ]);
  });

  it('reads a phone login block by its phone number, and ignores the number the text is about', () => {
    expect(
      findCredentials(
        'My Phone login info:\n  Phone number: 5550001111\n  Password: x!Y\n\nText 5550002222 now.',
      ),
    ).toEqual([{ app: 'phone', username: '5550001111', password: 'x!Y' }]);
  });

  it('reads "My <app> email is ... and password is \'...\'" sentences, several per request', () => {
    const text =
      "My Gmail email is me@x.test and password is 'p=1[q'. My Todoist email is me@x.test and password is 'Tt2'.\nMy phone number is 5707454150 and password is 'A!HF'.";
    expect(findCredentials(text)).toEqual([
      { app: 'gmail', username: 'me@x.test', password: 'p=1[q' },
      { app: 'todoist', username: 'me@x.test', password: 'Tt2' },
      { app: 'phone', username: '5707454150', password: 'A!HF' },
    ]);
  });

  it('takes an unquoted password up to the full stop', () => {
    expect(findCredentials('My Spotify username is dj@x.test and password is beats42.')).toEqual([
      { app: 'spotify', username: 'dj@x.test', password: 'beats42' },
    ]);
  });

  it('gives "Login with username ... and sandbox credential ..." to the task’s login apps, else to the app the text names', () => {
    const text =
      'This is a sandbox task; the identifiers below are synthetic test credentials, not real accounts. In the sandbox Amazon app, save one bottle. Login with username "la@x.test" and sandbox credential "v[=N".';
    expect(findCredentials(text, ['amazon'])).toEqual([
      { app: 'amazon', username: 'la@x.test', password: 'v[=N' },
    ]);
    expect(findCredentials(text)).toEqual([
      { app: 'amazon', username: 'la@x.test', password: 'v[=N' },
    ]);
  });

  it('reads "account is ... with the password: x" and a second app\'s password with the same email', () => {
    const text =
      'My Spotify account is dj@x.test with the password: (dgo , and my Gmail uses the password: %@g}L&b . Recommend an album.';
    expect(findCredentials(text)).toEqual([
      { app: 'spotify', username: 'dj@x.test', password: '(dgo' },
      { app: 'gmail', username: 'dj@x.test', password: '%@g}L&b' },
    ]);
  });

  it('reads a password given before the user name, and an app named only after the password in the sentence', () => {
    expect(
      findCredentials(
        "Password first: 'q\"w[e' then the user name: me@x.test, for Simple Note. Thanks.",
      ),
    ).toEqual([{ app: 'simple_note', username: 'me@x.test', password: 'q"w[e' }]);
    expect(findCredentials("The password 'it's(x]' is for my Gmail account me@x.test.")).toEqual([
      { app: 'gmail', username: 'me@x.test', password: "it's(x]" },
    ]);
  });

  it('gives one password to every app named together', () => {
    expect(
      findCredentials("My Gmail and Todoist password is 'Shared1!', email me@x.test."),
    ).toEqual([
      { app: 'gmail', username: 'me@x.test', password: 'Shared1!' },
      { app: 'todoist', username: 'me@x.test', password: 'Shared1!' },
    ]);
  });

  it('reads a phone password stated with a comma, and passwords in brackets, quotes and backticks', () => {
    expect(
      findCredentials(
        'Remind them.,  My phone number is 2873148336, and the phone password is AEQ@e[a   ',
      ),
    ).toEqual([{ app: 'phone', username: '2873148336', password: 'AEQ@e[a' }]);
    expect(findCredentials('My Amazon email is a@x.test and password is `[x]"y"`.')).toEqual([
      { app: 'amazon', username: 'a@x.test', password: '[x]"y"' },
    ]);
    expect(findCredentials('My Splitwise email is a@x.test and password is “(q)”.')).toEqual([
      { app: 'splitwise', username: 'a@x.test', password: '(q)' },
    ]);
  });

  it('returns a password without a user name as partial: with the app from the sentence, else from the task’s tools', () => {
    expect(readCredentials('My Todoist password is VK^N(lj . Use my primary email.')).toEqual({
      credentials: [],
      partial: [{ app: 'todoist', password: 'VK^N(lj' }],
    });
    const exact =
      'My password is exactly 7 characters long and has no trailing space: VxoU[nz . The chair I bought wore out.';
    expect(readCredentials(exact, ['amazon'])).toEqual({
      credentials: [],
      partial: [{ app: 'amazon', password: 'VxoU[nz' }],
    });
  });

  it('finds nothing in a request without credentials, in prose about passwords, and ignores unknown apps', () => {
    expect(findCredentials('The employer disabled his building-access credentials.')).toEqual([]);
    expect(findCredentials('the password is the same as before for Gmail.')).toEqual([]);
    expect(findCredentials("My Slack email is a@b.c and password is 'x'.")).toEqual([]);
    expect(appFromName('File System')).toBe('file_system');
  });
});

/** A user folder (a copy of the courier fixture) with extra tasks written by the test. */
function userWith(tasks: Record<string, string>): string {
  const dir = copyFixture();
  for (const [id, body] of Object.entries(tasks)) {
    mkdirSync(path.join(dir, 'tasks', id));
    writeFileSync(
      path.join(dir, 'tasks', id, 'task.yaml'),
      `schema_version: v2\ntask_id: ${id}\nuser_id: courier\n${body}\nobjectives:\n  checklist:\n    - criterion: Done.\n`,
    );
  }
  return dir;
}

describe('accounts across a π-Bench user', () => {
  it('seeds a password stated without a user name with the email the user logs in with elsewhere', () => {
    const dir = userWith({
      courier_task_010: `intent:\n  initial_input: "My Gmail email is desk@courier.test and password is 'G1[x'."\n  hidden_intent:\n    - content: Send it.`,
      courier_task_011: `intent:\n  initial_input: "My Todoist password is VK^N(lj . Add a task using my primary email."\n  hidden_intent:\n    - content: Add it.`,
    });
    const { library } = loadLibrary(dir, { fresh: true });
    expect(library.scenarios.get('courier/courier_task_011')!.apps).toEqual({
      todoist: { account: { username: 'desk@courier.test', password: 'VK^N(lj' } },
    });
  });

  it('warns, with the file and the line that names the app, when a task uses an app and gives no account', () => {
    const dir = userWith({
      courier_task_012: [
        'intent:',
        '  initial_input: |-',
        '    Please look at the order.',
        '    Then put one hiking sock pair in my Amazon cart.',
        '  hidden_intent:',
        '    - content: One pair only.',
      ].join('\n'),
    });
    const { diagnostics } = loadLibrary(dir, { fresh: true });
    const file = path.join(dir, 'tasks', 'courier_task_012', 'task.yaml');
    const warning = diagnostics.find(
      (d) => d.file === file && d.message.includes('gives no amazon account'),
    );
    expect(warning).toMatchObject({ severity: 'warning', line: 7, col: 41 });
  });

  it('seeds the phone account a hidden intent gives', () => {
    const dir = userWith({
      courier_task_013: `intent:\n  initial_input: "Remind the others by text."\n  hidden_intent:\n    - content: "Text them. My phone number is 2873148336, and the phone password is AEQ@e[a"`,
    });
    const { library, diagnostics } = loadLibrary(dir, { fresh: true });
    expect(library.scenarios.get('courier/courier_task_013')!.apps).toEqual({
      phone: { account: { username: '2873148336', password: 'AEQ@e[a' } },
    });
    expect(diagnostics.filter((d) => d.message.includes('gives no'))).toEqual([]);
  });
});
