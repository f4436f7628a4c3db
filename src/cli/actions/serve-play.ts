/**
 * `play --serve`: one remote person plays the user in their browser. On a terminal the operator
 * sees the player's screen as it is drawn (what they type included), at the terminal's size;
 * ctrl+c there stops the session. Without a terminal the player's window decides the size.
 */
import type { CellSize } from '../../serve/hosted-screen.tsx';
import type { ServeAddress, ServedSession } from '../../serve/live.tsx';
import type { SessionController } from '../../tui/session/controller.ts';
import { holdTheLink } from './serve-link.ts';

const ENTER_ALT = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALT = '\u001B[?25h\u001B[?1049l';

type ServePlayer = (
  session: SessionController,
  title: string,
  address: ServeAddress,
  fixedSize?: CellSize,
) => Promise<ServedSession>;

export async function playServed(
  session: SessionController,
  title: string,
  address: ServeAddress,
  localSize: CellSize | undefined,
  stopped: Promise<void>,
  servePlayer: ServePlayer,
): Promise<void> {
  const served = await servePlayer(session, title, address, localSize);
  process.stderr.write(`play: the player's link: ${served.link}\n`);
  // Their screen covers this terminal: the link stays readable until enter.
  const shown = localSize ? await holdTheLink("shows the player's screen here") : true;
  const stopMirror = localSize && shown ? mirror(served) : () => undefined;
  try {
    await Promise.race([served.screen.done, stopped]);
  } finally {
    stopMirror();
    session.quit();
    served.door.endAll('The session is over: thank you for playing. You can close this page.');
    await served.close();
  }
}

/** The operator's terminal shows the player's screen; its ctrl+c stops the session, and its size is the screen's. */
function mirror(served: ServedSession): () => void {
  const out = process.stdout;
  const stdin = process.stdin;
  const client = { output: (data: string) => out.write(data) };
  out.write(ENTER_ALT);
  served.screen.attach(client);
  const onResize = () => {
    const size = { cols: Math.max(80, out.columns || 80), rows: Math.max(24, out.rows || 24) };
    served.screen.resize(size);
    served.door.resized(size);
  };
  const onKey = (data: Buffer) => {
    if (data.includes(0x03)) process.kill(process.pid, 'SIGINT');
  };
  out.on('resize', onResize);
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.on('data', onKey);
  stdin.resume();
  return () => {
    served.screen.detach(client);
    out.off('resize', onResize);
    stdin.off('data', onKey);
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
    out.write(LEAVE_ALT);
  };
}
