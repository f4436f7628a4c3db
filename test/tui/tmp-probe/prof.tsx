import { render } from 'ink';
import { EventEmitter } from 'node:events';
import { ReplaySession } from '../../../src/tui/session/replay-session.ts';
import { SessionScreen } from '../../../src/tui/screens/SessionScreen.tsx';
import { ControllerContext } from '../../../src/tui/context.ts';
import { Providers } from '../../../src/tui/Providers.tsx';
import { collectRun } from '../session-events.ts';

class Out extends EventEmitter { columns = 100; rows = 30; isTTY = false; write = (_s: string) => true; }
const run = await collectRun('tester/plan');
const c = new ReplaySession({ file: 'x', header: {} as never, events: run.sessions.at(-1)!, complete: true });
const times: number[] = [];
const inst = render(<Providers size={{ columns: 100, rows: 30 }}><ControllerContext.Provider value={c}><SessionScreen onExit={() => {}} /></ControllerContext.Provider></Providers>, { stdout: new Out() as never, debug: true, patchConsole: false, onRender: (m) => times.push(m.renderTime) });
for (let i = 0; i < 40; i++) {
  c.goToTurn(i % 3);
  await new Promise((r) => setTimeout(r, 40));
}
inst.unmount();
console.log(times.map((t) => t.toFixed(1)).join(' '));
