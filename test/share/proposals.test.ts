/**
 * Exports of a proposal scenario (researcher/soap-list): the user's Phone, the proposal cards
 * with the user's verdict, and the callouts for accepted and rejected proposals, in the
 * transcript, the HTML replay, the cast and the presentation screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../src/session/recording.ts';
import { frameScreen } from '../../src/share/cast.ts';
import { exportRecording } from '../../src/share/export.ts';
import { framesOf, type Frame } from '../../src/share/frames.ts';
import { recordReference } from './fixture.ts';

const SOAP = 'researcher/soap-list';
let proactive = '';
let eager = '';
beforeAll(async () => {
  proactive = (await recordReference('proactive', [SOAP])).get(SOAP)!;
  eager = (await recordReference('eager', [SOAP])).get(SOAP)!;
}, 60_000);

/** A frame's screen as plain text rows. */
const text = (frame: Frame, o: { cols: number; rows: number; present?: boolean }) =>
  frameScreen(frame, o).map((l) => l.map((s) => s.text).join(''));
const replayData = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="replay-data">(.*)<\/script>/.exec(html)![1]!,
  ) as {
    sessions: {
      panes: { id: string; frags: number[]; info: number[] }[];
      callouts: Record<string, string>;
    }[];
    pool: string[];
  };

describe('the transcript of a proposal scenario', () => {
  it('gives the proposal scores, a table of proposals, the user on the phone and each verdict', () => {
    const md = exportRecording(proactive, { format: 'md' });
    expect(md).toContain(
      'Proposals: **1 made, 1 accepted** · acceptance rate 1.00 · proposal rate 0.20 · 2 read actions · success 1.00 (every goal reached)',
    );
    expect(md).toContain(
      '| P1 | 2 | Add hand soap to your Shopping list? | accepted | it matches goal G1, not yet done | G1 |',
    );
    // What happened on the phone, before the first turn and between turns.
    expect(md).toMatch(
      /### Before the first turn\n\n- 📱 tick 1 · May 9 18:00\n- the user in todoist: opened “Shopping \(2 tasks\)” → \[todoist · Shopping\]/,
    );
    expect(md).toContain("- 🔔 phone: Text from Xiao Ma: we're out of hand soap btw…");
    expect(md).toContain('- the user: _The user is not using the phone._');
    expect(md).toContain('- the agent may now act on the accepted proposal');
    expect(md).toContain(
      '**proposal P1**: Add hand soap to your Shopping list? — accepted (it matches goal G1, not yet done)',
    );
    expect(md).toContain('- ★ _proposal P1 accepted · carried out P1 (G1) once the user accepted_');
    // Observing turns where the agent said nothing.
    expect(md).toContain('> _kept silent: nothing reaches the user_');
    // The user's screen keeps its lines (hard breaks) and its own numbers (not a Markdown list).
    expect(md).toContain(
      '> Their screen:\\\n> [todoist · Shopping]\\\n> 1\\. ☐ Oat milk\\\n> 2\\. ☐ Eggs\\\n> actions:',
    );
    expect(md).toMatch(/^> \\- todoist: username /m);
    // A tool called without arguments shows no empty code span.
    expect(md).toContain('- tool `wait` → {"waiting":true');
    expect(md).not.toContain('``');
  });

  it('calls out each rejected proposal of an eager agent', () => {
    const md = exportRecording(eager, { format: 'md' });
    expect(md).toContain('Proposals: **5 made, 0 accepted** · acceptance rate 0.00');
    // A turn whose only word to the user was its proposal says so (not an empty quote).
    expect(md).toContain('> _no message: proposal P1 is what the user sees_');
    expect(exportRecording(eager, { format: 'html' })).toContain(
      'no message: proposal P1 is what the user sees',
    );
    expect(md).toContain(
      '| P3 | 3 | Mark Eggs as bought? | rejected | it matches no goal the user still has | – |',
    );
    for (const p of ['P1', 'P2', 'P3', 'P4', 'P5'])
      expect(md).toContain(`- ★ _proposal ${p} rejected_`);
  });
});

describe('the HTML replay of a proposal scenario', () => {
  it('adds the Phone pane: the screen at each turn, notifications, proposal cards with the verdict, the moves', () => {
    const data = replayData(exportRecording(proactive, { format: 'html' }));
    const session = data.sessions[0]!;
    expect(session.panes.map((p) => p.id)).toEqual([
      'conversation',
      'phone',
      'intents',
      'checklist',
      'workspace',
    ]);
    const phone = session.panes.find((p) => p.id === 'phone')!;
    const at = (turn: number) => data.pool[phone.frags[turn]!]!;
    expect(at(0)).toContain('<div class="screen-title">[todoist · Shopping]</div>');
    expect(at(0)).toContain('proposals 0');
    expect(at(2)).toContain('<div class="screen-title">[phone · Xiao Ma]</div>');
    // The proposal's turn: it waits. The turn the user's answer opened: the verdict and why.
    expect(at(2)).toContain(
      '<div class="proposal-card waiting fresh" data-proposal="P1"><span class="badge">P1 ? waiting for the user</span>',
    );
    expect(at(3)).toMatch(
      /<div class="proposal-card accepted" data-proposal="P1"><span class="badge">P1 ✓ accepted<\/span> Add hand soap to your Shopping list\?<div class="why">it matches goal G1, not yet done<\/div>/,
    );
    expect(at(2)).toContain("🔔 <b>phone</b>: Text from Xiao Ma: we're out of hand soap btw…");
    // The Shopping list after the agent added the soap.
    expect(at(6)).toContain('3. ☐ Hand soap');
    expect(session.callouts['2']).toBeUndefined();
    expect(session.callouts['3']).toBe(
      'proposal P1 accepted · carried out P1 (G1) once the user accepted',
    );
    const rejected = replayData(exportRecording(eager, { format: 'html' }));
    expect(rejected.pool.some((f) => f.includes('<span class="badge">P5 ✗ rejected</span>'))).toBe(
      true,
    );
  });
});

describe('the cast and presentation screen of a proposal scenario', () => {
  it('draws the Phone between the conversation and the intents, as it changes', () => {
    const frames = framesOf(readRecording(proactive).events, 1000);
    const first = text(frames[0]!, { cols: 120, rows: 36 });
    expect(first[1]).toMatch(/╭─ Conversation ─+╮╭─ Phone ─+╮╭─ Hidden intents/);
    const last = text(frames.at(-1)!, { cols: 120, rows: 36 }).join('\n');
    expect(last).toContain('[todoist · Shopping]');
    expect(last).toContain('3. ☐ Hand soap');
    expect(last).toContain('P1 ✓ accepted');
    const cast = exportRecording(proactive, { format: 'cast' });
    expect(cast).toContain('Phone');
    expect(cast).toContain('proposal P1 accepted');
  });

  it('shows the Phone beside the intents in --present, with a large callout for the verdict', () => {
    const frames = framesOf(readRecording(proactive).events, 1000);
    const accepted = frames.find((f) => f.callout === 'proposal P1 accepted')!;
    const screen = text(accepted, { cols: 120, rows: 40, present: true });
    expect(screen.join('\n')).toMatch(/│★ {2}proposal P1 accepted +│/);
    expect(screen.join('\n')).toMatch(/╭─ Phone ─+╮/);
    expect(screen.join('\n')).toContain('P1 ✓ accepted');
    const rejected = framesOf(readRecording(eager).events, 1000).find(
      (f) => f.callout === 'proposal P2 rejected',
    )!;
    expect(text(rejected, { cols: 120, rows: 40, present: true }).join('\n')).toMatch(
      /│★ {2}proposal P2 rejected +│/,
    );
    // The pipe transcript of `watch --present` and the presentation cast say the same.
    expect(exportRecording(eager, { format: 'cast', present: true })).toContain(
      'proposal P2 rejected',
    );
  });
});
