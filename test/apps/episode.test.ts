/** Apps inside real sessions: state persists across an episode, diffs per turn, seeds merge. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../src/contracts/events.ts';
import { runTarget, type TestRun } from '../helpers/run.ts';

const LIB = path.resolve(import.meta.dirname, '../fixtures/apps-lib');

let run: TestRun;
beforeAll(async () => {
  run = await runTarget(path.join(LIB, 'scenarios/sam/episode.yaml'), {
    agent: 'script:proactive',
  });
});

function sessionEvents(index: number): TimedEvent[] {
  const starts = run.events.flatMap((e, i) => (e.type === 'session_start' ? [i] : []));
  return run.events.slice(starts[index], starts[index + 1]);
}

describe('apps in an episode', () => {
  it('scores both sessions from app state the tools changed', () => {
    expect(
      run.results.map((r) => [r.scenario, r.end, r.scores.intents, r.scores.checklist]),
    ).toEqual([
      ['sam/draft', 'resolved', { I1: 'completed' }, { C1: true }],
      ['sam/send', 'resolved', { I1: 'completed' }, { C1: true }],
    ]);
  });

  it('runs every scripted app call successfully, with the mcp_appworld_ spelling too', () => {
    const results = run.events.filter((e) => e.type === 'tool_result');
    expect(results.map((e) => [e.name, e.ok])).toEqual([
      ['gmail__login', true],
      ['mcp_appworld_gmail__create_draft', true],
      ['simple_note__login', true],
      ['simple_note__create_note', true],
      ['gmail__search_users', true],
      ['gmail__show_drafts', true],
      ['gmail__send_email_from_draft', true],
    ]);
  });

  it('keeps state across sessions: the second session sees the draft and uses the first token', () => {
    const shown = sessionEvents(1).find(
      (e) => e.type === 'tool_result' && e.name === 'gmail__show_drafts',
    );
    expect(shown?.type === 'tool_result' && shown.result).toMatchObject({
      response: [{ draft_id: 1, subject: 'Pre-Event Confirmation' }],
    });
    const sent = sessionEvents(1).find(
      (e) => e.type === 'tool_result' && e.name === 'gmail__send_email_from_draft',
    );
    expect(sent?.type === 'tool_result' && sent.result).toEqual({
      response: {
        message: 'Sent email from your draft.',
        sent_email_thread_id: 1,
        sent_email_id: 1,
      },
    });
  });

  it('emits an app_diff per turn for each app that changed', () => {
    const first = sessionEvents(0).filter((e) => e.type === 'app_diff');
    expect(first).toHaveLength(1);
    const diffs = first[0]?.type === 'app_diff' ? first[0].apps : [];
    expect(diffs.map((d) => d.app)).toEqual(['gmail', 'simple_note']);
    const gmail = diffs[0];
    expect(gmail?.patch).toContain('+      "subject": "Pre-Event Confirmation",');
    expect(gmail?.additions).toBeGreaterThan(0);
    const second = sessionEvents(1).filter((e) => e.type === 'app_diff');
    const patch = second[0]?.type === 'app_diff' ? (second[0].apps[0]?.patch ?? '') : '';
    expect(patch).toMatch(/-\s+"draft_id": 1,/);
    expect(patch).toMatch(/\+\s+"email_id": 1,/);
  });

  it("merges the second scenario's seed into the state the first left", () => {
    const users = sessionEvents(1).find(
      (e) => e.type === 'tool_result' && e.name === 'gmail__search_users',
    );
    const emails =
      users?.type === 'tool_result'
        ? (users.result as { response: { email: string }[] }).response.map((u) => u.email)
        : [];
    // The account first (AppWorld lists every user, yourself too), then both seeds' users.
    expect(emails).toEqual(['stmcco@gmail.com', 'la-mcco@gmail.com', 'kim@corp.com']);
    // The second seed moved the clock: the email sent in session 2 carries its time.
    const diff = sessionEvents(1).find((e) => e.type === 'app_diff');
    expect(diff?.type === 'app_diff' && diff.apps[0]?.patch).toContain(
      '+      "created_at": "2026-04-28T08:30:00",',
    );
  });
});
