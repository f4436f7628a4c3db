/**
 * The tool picker of a person playing the agent of a proposal scenario (researcher/soap-list of
 * the bundled library): observing, it lists only what the agent may call then; a picked login
 * runs as inserted; a picked propose waits for its words (enter asks for them), typed where the
 * cursor was left.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  begin,
  KEYS,
  plain,
  press,
  renderSession,
  waitFor,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { planRuns } from '../../session/plan.ts';
import { sessionSetup } from '../../session/setup.ts';
import { LiveSession } from '../session/live.ts';
import { SessionScreen } from '../screens/SessionScreen.tsx';

const LIBRARY = path.resolve(import.meta.dirname, '../../..');

/** The picker's selected row (drawn inverse), as text. */
function selectedRow(r: Rendered): string {
  const row = (r.lastFrame() ?? '').split('\n').find((l) => l.includes('\u001B[7m'));
  return plain(row);
}
let r: Rendered | undefined;
let live: LiveSession | undefined;
afterEach(async () => {
  r?.unmount();
  live?.quit();
  await live?.done.catch(() => undefined);
});

describe('the tool picker of a proposal scenario’s agent', () => {
  it(
    'observing, lists what may be called then; login runs as inserted, propose asks for its words',
    { timeout: 90_000 },
    async () => {
      live = new LiveSession({
        groups: planRuns(['researcher/soap-list'], { library: LIBRARY }),
        setup: sessionSetup({ library: LIBRARY }),
        mode: 'agent',
        recordingsDir: mkdtempSync(path.join(os.tmpdir(), 'intentplay-picker-')),
      });
      r = renderSession(live, <SessionScreen onExit={() => {}} />, { columns: 120, rows: 40 });
      // The session starts on its opening card (slow on a loaded machine: a generous wait).
      await waitForFrame(r, (f) => f.includes('enter begins'), 30_000);
      await begin(r);
      await waitForFrame(r, (f) => f.includes("your turn: write the agent's reply"), 30_000);
      await press(r, KEYS.ctrlT);
      let frame = await waitForFrame(r, (f) => f.includes('Call a tool'));
      expect(frame).toContain('Call a tool (observing: changes wait for an accepted proposal');
      expect(frame).toContain('todoist__show_tasks');
      expect(frame).not.toContain('todoist__create_task');

      await press(r, KEYS.enter);
      frame = await waitForFrame(r, (f) => f.includes('› /todoist__login'));
      expect(frame).toContain(
        '› /todoist__login username="lin.chen@campus.example" password="Lc-2026!"',
      );
      await press(r, KEYS.enter);
      await waitForFrame(r, (f) => f.includes('todoist__login ✔'));

      // ↓ to propose (the last but one: wait is last), a row at a time as the picker shows it.
      await press(r, KEYS.ctrlT);
      await waitForFrame(r, (f) => f.includes('Call a tool'));
      const screen = r;
      while (!selectedRow(screen).includes('propose summary')) {
        const before = selectedRow(screen);
        await press(screen, KEYS.down);
        await waitFor(() => selectedRow(screen) !== before);
      }
      await press(r, KEYS.enter);
      await waitForFrame(r, (f) => f.includes('› /propose summary=""'));
      await press(r, KEYS.enter);
      frame = await waitForFrame(r, (f) => f.includes('fill in summary'));
      expect(frame).toContain('› /propose summary=""');
      await press(r, 'Add hand soap to your Shopping list?', KEYS.enter);
      await waitForFrame(r, (f) => f.includes('propose ✔'));
      const call = live.store
        .getState()
        .session.turns.flatMap((t) => t.items)
        .find((i) => i.kind === 'tool' && i.name === 'propose');
      expect(call).toMatchObject({ args: { summary: 'Add hand soap to your Shopping list?' } });
    },
  );
});
