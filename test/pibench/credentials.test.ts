import { describe, expect, it } from 'vitest';
import { appFromName, findCredentials } from '../../src/scenario/pibench/credentials.ts';

describe('credentials in a π-Bench request', () => {
  it('reads a "login info" block, per app', () => {
    const text = 'My Simple Note login info:\n  Email: desk@courier.test\n  Password: a#b=C[d\n\nPlease tidy my notes.';
    expect(findCredentials(text)).toEqual([{ app: 'simple_note', username: 'desk@courier.test', password: 'a#b=C[d' }]);
  });

  it('reads a phone login block by its phone number', () => {
    expect(findCredentials('My Phone login info:\n  Phone number: 5550001111\n  Password: x!Y\n')).toEqual([
      { app: 'phone', username: '5550001111', password: 'x!Y' },
    ]);
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
    const text = 'In the sandbox Amazon app, save one bottle. Login with username "la@x.test" and sandbox credential "v[=N".';
    expect(findCredentials(text, ['amazon'])).toEqual([{ app: 'amazon', username: 'la@x.test', password: 'v[=N' }]);
    expect(findCredentials(text)).toEqual([{ app: 'amazon', username: 'la@x.test', password: 'v[=N' }]);
  });

  it('finds nothing in a request without credentials, and ignores unknown apps', () => {
    expect(findCredentials('The employer disabled his building-access credentials.')).toEqual([]);
    expect(findCredentials("My Slack email is a@b.c and password is 'x'.")).toEqual([]);
    expect(appFromName('File System')).toBe('file_system');
  });
});
