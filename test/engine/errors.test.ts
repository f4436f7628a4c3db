import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/llm/errors.ts';
import { UserError } from '../../src/contracts/diagnostics.ts';
import { readRecording, RecordingError } from '../../src/session/recording.ts';
import { ToolError } from '../../src/contracts/errors.ts';
import { errorMessage, IntentplayError } from '../../src/contracts/errors.ts';

describe('the error root', () => {
  it('is the one ancestor of our errors, each named for what it is', () => {
    for (const e of [
      new UserError('u'),
      new ModelError('m', false),
      new ToolError('t'),
      new RecordingError('r'),
    ])
      expect(e).toBeInstanceOf(IntentplayError);
    expect(new RecordingError('r')).toBeInstanceOf(UserError);
    expect([
      new UserError('u').name,
      new ToolError('t').name,
      new ModelError('m', true).name,
      new RecordingError('r').name,
    ]).toEqual(['UserError', 'ToolError', 'ModelError', 'RecordingError']);
  });
  it('a recording that cannot be read is a RecordingError naming the file', () => {
    expect(() => readRecording('/no/such/recording.jsonl')).toThrow(RecordingError);
    expect(() => readRecording('/no/such/recording.jsonl')).toThrow(
      /\/no\/such\/recording\.jsonl: cannot read recording/,
    );
  });
  it('reads the message of anything thrown', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ code: -32603, message: 'Internal error' })).toBe('Internal error');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
