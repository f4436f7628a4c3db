import { afterEach, describe, expect, it } from 'vitest';
import { BLANK, clearSecrets, registerSecret, scrub, scrubValue } from './secrets.ts';

afterEach(() => clearSecrets());

describe('secrets registered one after another', () => {
  it('blanks a secret registered after text was already scrubbed, whole, in base64 and in pieces', () => {
    registerSecret('sk-first-secret-1234');
    expect(scrub('key sk-first-secret-1234')).toBe(`key ${BLANK}`);
    // An acp session's MCP token comes later, while events are being scrubbed.
    const token = 'tok_ABCDEFGHijklmnopq';
    registerSecret(token);
    expect(scrub(`Bearer ${token}`)).toBe(`Bearer ${BLANK}`);
    expect(scrub(Buffer.from(token).toString('base64'))).toBe(BLANK);
    expect(scrub('…EFGHijklmn…')).toBe(`…${BLANK}…`);
    expect(scrub('key sk-first-secret-1234')).toBe(`key ${BLANK}`);
    expect(scrubValue({ args: { token } })).toEqual({ args: { token: BLANK } });
  });

  it('forgets them all when cleared', () => {
    registerSecret('tok_ABCDEFGHijklmnop');
    clearSecrets();
    expect(scrub('tok_ABCDEFGHijklmnop')).toBe('tok_ABCDEFGHijklmnop');
  });
});
