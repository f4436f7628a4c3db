/** Exports of a time scenario: the Timeline pane joins the HTML replay, and kept silences and follow-ups are called out. */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRecording } from '../../src/share/export.ts';
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

describe('export of a time scenario', () => {
  it('adds the Timeline pane and calls out the silence kept and the follow-up', async () => {
    const root = makeLibrary({ 'scenarios/p/flat.yaml': FLAT });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-share-time-'));
    await runTarget(path.join(root, 'scenarios/p/flat.yaml'), { recordingsDir: dir });
    const file = path.join(dir, readdirSync(dir)[0]!);
    const md = exportRecording(file, { format: 'md' });
    expect(md).toContain('kept silent on U1, an update that did not fit');
    expect(md).toContain('followed up on U2');
    // Messages carry their simulated time.
    expect(md).toContain('**monitor** · 2026-05-06T09:00:00+08:00');
    const html = exportRecording(file, { format: 'html' });
    const data = JSON.parse(/<script type="application\/json" id="replay-data">(.*)<\/script>/.exec(html)![1]!) as { sessions: { panes: { id: string }[] }[] };
    expect(data.sessions[0]!.panes.map((p) => p.id)).toEqual(['conversation', 'intents', 'checklist', 'workspace', 'timeline']);
    expect(html).toContain('U2 seen · follow up · hit');
    // The cast says it too, with a Timeline box on the screen.
    const cast = exportRecording(file, { format: 'cast' });
    expect(cast).toContain('kept silent on U1');
    expect(cast).toMatch(/Timeline.*· now 2026-05-06 09:0\d/);
    expect(cast).toMatch(/U1 .*kept .*2026-05-05 09:00/);
    expect(cast).toMatch(/U2 .*hit .*2026-05-06 09:00/);
  });
});
