import { it } from 'vitest';
import { ReplaySession } from '../../src/tui/session/replay-session.ts';
import { SessionScreen } from '../../src/tui/screens/SessionScreen.tsx';
import { collectRun } from '../../test/tui/session-events.ts';
import { renderSession, waitForFrame, press, KEYS } from '../../test/tui/harness.tsx';

it('probe', async () => {
  const run = await collectRun('tester/plan');
  const events = run.sessions.at(-1)!;
  const c = new ReplaySession({ file: 'x.jsonl', header: {} as never, events, complete: true });
  for (const size of [{ columns: 160, rows: 30 }, { columns: 120, rows: 24 }, { columns: 80, rows: 24 }]) {
    const r = renderSession(c, <SessionScreen onExit={() => {}} />, size);
    const f = await waitForFrame(r, (f) => f.includes('Conversation'));
    console.log(f);
    r.unmount();
  }
});
