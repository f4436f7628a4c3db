import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../contracts/events.ts';
import { calloutFor, calloutsOf, summarizeCallouts } from './callouts.ts';

const status = (
  intent: string,
  from: 'open' | 'inferred',
  to: 'completed' | 'inferred' | 'provided',
  cause: 'evidence' | 'question' | 'picked' | 'reveal',
  turn = 2,
): SessionEvent => ({ type: 'intent_status', turn, intent, from, to, cause, detail: '' });

describe('callouts', () => {
  it('calls out an intent completed before the user said it, and a question about one', () => {
    expect(calloutFor(status('I2', 'open', 'completed', 'evidence'))).toEqual({
      turn: 2,
      kind: 'completed',
      about: 'I2',
      text: 'completed I2 without being asked',
    });
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
    const all = calloutsOf([
      status('I1', 'open', 'completed', 'evidence'),
      status('I4', 'open', 'completed', 'evidence'),
      status('I2', 'open', 'inferred', 'question'),
    ]);
    expect(summarizeCallouts(all)).toBe('completed I1, I4 without being asked · asked about I2');
  });

  it("calls out the user's verdict on a proposal, kept silences, follow-ups and delivered time reminders", () => {
    expect(
      calloutFor({
        type: 'proposal_verdict',
        turn: 2,
        proposal: 'P1',
        verdict: 'accepted',
        reason: 'yes',
        goal: 'G1',
      })?.text,
    ).toBe('proposal P1 accepted');
    expect(
      calloutFor({
        type: 'proposal_verdict',
        turn: 4,
        proposal: 'P2',
        verdict: 'rejected',
        reason: 'not now',
      })?.text,
    ).toBe('proposal P2 rejected');
    expect(
      calloutFor({
        type: 'update_verdict',
        turn: 2,
        update: 'U1',
        expect: 'keep_silent',
        verdict: 'kept',
      })?.text,
    ).toBe('kept silent on U1, an update that did not fit');
    expect(
      calloutFor({
        type: 'update_verdict',
        turn: 3,
        update: 'U2',
        expect: 'follow_up',
        verdict: 'hit',
      })?.text,
    ).toBe('followed up on U2');
    // Handled wrongly: nothing to show off.
    expect(
      calloutFor({
        type: 'update_verdict',
        turn: 3,
        update: 'U2',
        expect: 'follow_up',
        verdict: 'missed',
      }),
    ).toBeNull();
    expect(
      calloutFor({
        type: 'reminder',
        turn: 3,
        action: 'fired',
        id: 'r2',
        note: 'call the bank',
        at: '2026-05-06T09:00:00+08:00',
      })?.text,
    ).toBe('reminder r2 delivered');
    // A watch on a condition fires on updates: how the agent handled the update is the callout.
    expect(
      calloutFor({
        type: 'reminder',
        turn: 3,
        action: 'fired',
        id: 'r1',
        note: 'check',
        condition: 'a cheap fare',
      }),
    ).toBeNull();
    expect(
      calloutFor({
        type: 'reminder',
        turn: 1,
        action: 'set',
        id: 'r2',
        note: 'call the bank',
        at: '2026-05-06T09:00:00+08:00',
      }),
    ).toBeNull();
    const one = calloutsOf([
      { type: 'proposal_verdict', turn: 2, proposal: 'P1', verdict: 'rejected', reason: 'no' },
      { type: 'proposal_verdict', turn: 2, proposal: 'P2', verdict: 'accepted', reason: 'yes' },
    ]);
    expect(summarizeCallouts(one)).toBe('proposal P1 rejected · proposal P2 accepted');
  });

  it('a goal completed by an accepted proposal reads as carried out, not as unasked', () => {
    const events: SessionEvent[] = [
      {
        type: 'proposal_verdict',
        turn: 2,
        proposal: 'P1',
        verdict: 'accepted',
        reason: 'yes',
        goal: 'G1',
      },
      { type: 'message', turn: 3, role: 'user', text: 'Yes, please go ahead with P1' },
      status('G1', 'open', 'completed', 'evidence', 3),
      status('G2', 'open', 'completed', 'evidence', 4),
    ];
    const texts = calloutsOf(events).map((c) => c.text);
    expect(texts).toEqual([
      'proposal P1 accepted',
      'carried out P1 (G1) once the user accepted',
      'completed G2 without being asked',
    ]);
    // A new session forgets the last one's proposals.
    const [accepted, , completed] = events;
    const again = calloutsOf([
      accepted!,
      { type: 'session_start', index: 1, of: 2 } as SessionEvent,
      completed!,
    ]);
    expect(again.at(-1)?.text).toBe('completed G1 without being asked');
  });
});
