import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../session/events.ts';
import { calloutFor, calloutsOf, summarizeCallouts } from './callouts.ts';

const status = (intent: string, from: 'open' | 'inferred', to: 'completed' | 'inferred' | 'provided', cause: 'evidence' | 'question' | 'picked' | 'reveal'): SessionEvent => ({ type: 'intent_status', turn: 2, intent, from, to, cause, detail: '' });

describe('callouts', () => {
  it('calls out an intent completed before the user said it, and a question about one', () => {
    expect(calloutFor(status('I2', 'open', 'completed', 'evidence'))).toEqual({ turn: 2, kind: 'completed', about: 'I2', text: 'completed I2 without being asked' });
    expect(calloutFor(status('I3', 'open', 'inferred', 'question'))?.text).toBe('asked about I3');
  });

  it('says nothing when the user had to tell the agent, or for other events', () => {
    expect(calloutFor(status('I1', 'open', 'provided', 'picked'))).toBeNull();
    expect(calloutFor(status('I1', 'open', 'provided', 'reveal'))).toBeNull();
    // Completed after the agent asked: the question was the proactive moment, already called out.
    expect(calloutFor(status('I1', 'inferred', 'completed', 'evidence'))).toBeNull();
    expect(calloutFor({ type: 'message', turn: 1, role: 'agent', text: 'done' })).toBeNull();
  });

  it('sums up the moments of one step in one line', () => {
    const all = calloutsOf([status('I1', 'open', 'completed', 'evidence'), status('I4', 'open', 'completed', 'evidence'), status('I2', 'open', 'inferred', 'question')]);
    expect(summarizeCallouts(all)).toBe('completed I1, I4 without being asked · asked about I2');
  });
});
