import { renderToString } from 'ink';
import { ReplaySession } from '../../../src/tui/session/replay-session.ts';
import { SessionScreen } from '../../../src/tui/screens/SessionScreen.tsx';
import { ControllerContext } from '../../../src/tui/context.ts';
import { Providers } from '../../../src/tui/Providers.tsx';
import { collectRun } from '../session-events.ts';

const run = await collectRun('tester/plan');
const c = new ReplaySession({ file: 'x', header: {} as never, events: run.sessions.at(-1)!, complete: true });
const el = <Providers size={{ columns: 100, rows: 30 }}><ControllerContext.Provider value={c}><SessionScreen onExit={() => {}} /></ControllerContext.Provider></Providers>;
const times: number[] = [];
for (let i = 0; i < 400; i++) {
  const t0 = performance.now();
  renderToString(el, { columns: 100 });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b); console.log("p50", times[200]!.toFixed(1), "p95", times[380]!.toFixed(1));
