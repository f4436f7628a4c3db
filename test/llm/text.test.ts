/** The pure text helpers behind the judge and the user simulator. */
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/llm/leak.ts';
import { parseJsonObject } from '../../src/llm/structured.ts';
import { redact } from '../../src/llm/errors.ts';

const budget = { id: 'I1', text: 'Budget is 600 RMB.', reveal: 'Keep it under 600 RMB.' };
const memory = {
  id: 'I2',
  text: 'Save the choice to memory for later sessions.',
  reveal: 'Remember what I picked.',
};

describe('the leak check', () => {
  it('flags a number or two uncommon words of another open intent', () => {
    expect(findLeaks('Keep it cheap, max 600.', [budget], [], '')).toEqual({
      intents: ['I1'],
      terms: ['600'],
    });
    expect(findLeaks('Please remember what I picked.', [memory], [], '')).toEqual({
      intents: ['I2'],
      terms: ['remember', 'picked'],
    });
  });

  it('does not flag what the handed intents say, what was already said, or a single common word', () => {
    expect(findLeaks('Keep it under 600 RMB.', [memory], [budget], '').intents).toEqual([]);
    expect(
      findLeaks('As you said, 600 is the cap.', [budget], [], 'ASSISTANT: shoes cost 600 or less')
        .intents,
    ).toEqual([]);
    expect(findLeaks('I picked the blue ones.', [memory], [], '').intents).toEqual([]);
  });
});

describe('reading a JSON answer', () => {
  it('takes a bare object, a fenced one, or one with words around it', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('Here you go: {"a":1} Hope it helps.')).toEqual({
      ok: true,
      value: { a: 1 },
    });
  });

  it('says what is wrong otherwise', () => {
    expect(parseJsonObject('')).toEqual({
      ok: false,
      error: 'the answer was empty; expected a JSON object',
    });
    expect(parseJsonObject('[1, 2]')).toEqual({
      ok: false,
      error: 'the answer was not a JSON object',
    });
  });
});

describe('redaction', () => {
  it('blanks the key, key-shaped text and bearer tokens', () => {
    expect(redact('bad key abc123SECRETxyz here', 'abc123SECRETxyz')).toBe('bad key [key] here');
    expect(redact('Incorrect API key provided: sk-proj-********abcd.')).toBe(
      'Incorrect API key provided: sk-….',
    );
    expect(redact('Authorization: Bearer tok_123')).toBe('Authorization: Bearer …');
  });
});
