/** A permission request as a person reads it: the tool, then its arguments line by line. */
import { describe, expect, it } from 'vitest';
import { permissionArgLines, permissionAsked } from './permission-text.ts';

describe('a permission request in words', () => {
  it("names the tool an agent's own request is about, and keeps its input as the arguments", () => {
    expect(permissionAsked({ title: 'Write notes.md', input: { path: 'notes.md' } })).toEqual({
      tool: 'Write notes.md',
      args: { path: 'notes.md' },
    });
  });
  it('gives one key: value line per argument, and says how many more past the last line', () => {
    const args = { a: 1, b: ['ls', '-la'], c: { d: true }, e: 'x', f: 'y' };
    expect(permissionArgLines(args, 40, 4)).toEqual([
      'a: 1',
      'b: ls -la',
      'c: {"d":true}',
      '… and 2 more',
    ]);
    expect(permissionArgLines({}, 40)).toEqual(['no arguments']);
    expect(permissionArgLines(undefined, 40)).toEqual(['no arguments sent']);
    expect(permissionArgLines({ note: 'one\ntwo three four' }, 16)).toEqual(['note: one↵two t…']);
  });
});
