/**
 * Exports of a time scenario: the Timeline joins the HTML replay, the cast and the presentation
 * screen; the transcript lists the updates and reminders; kept silences, follow-ups and
 * delivered reminders are called out.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { frameScreen } from '../../src/share/cast.ts';
import { playedText } from './terminal.ts';
import { exportRecording } from '../../src/share/export.ts';
import { framesOf } from '../../src/share/frames.ts';
import { makeLibrary } from '../helpers/library.ts';
import { runTarget } from '../helpers/run.ts';

// A flat watch: U1 (too expensive) calls for silence, U2 (a fit) for a follow-up.
const FLAT = `id: p/flat
persona: p
title: Flat watch
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Find me a 2-bedroom flat in Xuhui under 9000 a month. }
tools: [files, memory, time, environment]
environment:
  name: listings
  state: { flats: [] }
  updates:
    - { id: U1, at: +1d, set: { flats: [{ id: F1, area: Xuhui, rooms: 2, rent: 12000 }] }, text: A 2-bedroom flat in Xuhui at 12000 a month., expect: keep_silent }
    - { id: U2, at: +2d, set: { flats: [{ id: F2, area: Xuhui, rooms: 2, rent: 8500 }] }, text: A 2-bedroom flat in Xuhui at 8500 a month., expect: follow_up }
intents:
  - { id: I1, text: Keep watching the listings., reveal: Keep an eye out for me., done: { reply_matches: "(?i)watch" } }
expect_status: completed
references:
  main:
    - say: I'll watch the listings and tell you when one fits.
      actions:
        - { tool: set_reminder, args: { condition: a 2-bedroom flat in Xuhui under 9000, note: check the new listing } }
    - say: ""
    - say: F2 in Xuhui is 8500 a month, within your budget.
      actions:
        - { tool: query_listings, args: { query: Xuhui } }
        - { tool: set_task_status, args: { status: completed } }
`;

// The agent sets a reminder for a time; it comes due while the user waits.
const CALL = `id: p/call
persona: p
title: Call the landlord
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Remind me tomorrow at 10 to call the landlord. }
tools: [files, memory, time, environment]
environment:
  name: notices
  state: {}
  updates:
    - { id: U1, at: +2d, text: The landlord posts a notice. }
intents:
  - { id: I1, text: A reminder tomorrow at 10., reveal: Remind me., done: { reply_matches: "(?i)remind you" } }
references:
  main:
    - say: I will remind you to call the landlord tomorrow at 10.
      actions:
        - { tool: set_reminder, args: { at: "2026-05-05T10:00:00+08:00", note: call the landlord } }
    - say: Time to call the landlord.
`;

async function record(name: string, yaml: string): Promise<string> {
  const root = makeLibrary({ [`scenarios/p/${name}.yaml`]: yaml });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-share-time-'));
  await runTarget(path.join(root, `scenarios/p/${name}.yaml`), { recordingsDir: dir });
  return path.join(dir, readdirSync(dir)[0]!);
}

const screenText = (file: string, callout: string) => {
  const frame = framesOf(readRecording(file).events, 1000).find((f) => f.callout === callout)!;
  return frameScreen(frame, { cols: 120, rows: 40, present: true })
    .map((l) => l.map((s) => s.text).join(''))
    .join('\n');
};

describe('export of a time scenario', () => {
  it('adds the Timeline pane and calls out the silence kept and the follow-up', async () => {
    const file = await record('flat', FLAT);
    const md = exportRecording(file, { format: 'md' });
    expect(md).toContain('kept silent on U1, an update that did not fit');
    expect(md).toContain('followed up on U2');
    // Messages carry their simulated time.
    expect(md).toContain('**monitor** · 2026-05-06T09:00:00+08:00');
    const html = exportRecording(file, { format: 'html' });
    const data = JSON.parse(
      /<script type="application\/json" id="replay-data">(.*)<\/script>/.exec(html)![1]!,
    ) as {
      sessions: { panes: { id: string }[] }[];
    };
    expect(data.sessions[0]!.panes.map((p) => p.id)).toEqual([
      'conversation',
      'intents',
      'checklist',
      'workspace',
      'timeline',
    ]);
    expect(html).toContain('U2 seen · follow up · hit');
    // The cast says it too, with a Timeline box on the screen.
    const cast = await playedText(exportRecording(file, { format: 'cast' }));
    expect(cast).toContain('kept silent on U1');
    expect(cast).toMatch(/Timeline.*· now May 6 09:0\d/);
    expect(cast).toMatch(/U1 .*kept .*May 5 09:00/);
    expect(cast).toMatch(/U2 .*hit .*May 6 09:00/);
    // The transcript: the updates and the reminder in a table, and as they happen.
    expect(md).toContain(
      '| U1 | May 5 09:00 | keep silent | yes | keep silent | kept | A 2-bedroom flat in Xuhui at 12000 a month. |',
    );
    expect(md).toMatch(
      /\| r1 \| a 2-bedroom flat in Xuhui under 9000 \| check the new listing \| active \| 2 \|/,
    );
    expect(md).toContain('- update **U1** called for keep silent: **kept**');
    expect(md).toContain('- the agent followed up on U2');
    expect(md).toContain('> _kept silent: nothing reaches the user_');
    // It completed in the follow-up, before the user's thanks: ChronosBench calls that an arbitrary completion.
    expect(md).toContain(
      'Updates (positive): **task not completed** (arbitrary completion) · **follow-ups 1/1** (0 false) · **silences kept 1/1** · action accuracy 1.00 · status accuracy 0.25',
    );
  });

  it('shows the Timeline beside the intents in --present, with a large callout for each update handled well', async () => {
    const file = await record('flat', FLAT);
    const silent = screenText(file, 'kept silent on U1, an update that did not fit');
    expect(silent).toMatch(/│★ {2}kept silent on U1, an update that did not fit +│/);
    expect(silent).toMatch(/╭─ Timeline · now May [56] 09:00 ─+╮/);
    expect(silent).toMatch(/│U1 kept May 5 09:00 A 2-bedroom flat/);
    expect(screenText(file, 'followed up on U2')).toMatch(/│★ {2}followed up on U2 +│/);
  });

  it('calls out a reminder set for a time when it is delivered', async () => {
    const file = await record('call', CALL);
    const md = exportRecording(file, { format: 'md' });
    expect(md).toContain('- reminder **r1** set: call the landlord (at May 5 10:00)');
    expect(md).toContain('- reminder **r1** fired: call the landlord');
    expect(md).toMatch(/- ★ _.*reminder r1 delivered_/);
    expect(screenText(file, 'completed I1 without being asked · reminder r1 delivered')).toMatch(
      /│★ {2}completed I1 without being asked · reminder r1 delivered +│/,
    );
    expect(await playedText(exportRecording(file, { format: 'cast' }))).toContain(
      'reminder r1 delivered',
    );
  });
});
