/**
 * `watch --serve` and `play --serve`: a live session's screen in browsers. Watching, an audience
 * sees the session read-only (one screen drawn for all of them, each page scaling it to its
 * window), joining at whatever turn it is on. Playing, one remote person plays the user; the
 * operator's terminal, when there is one, shows their screen as they type.
 */
import { App } from '../tui/App.tsx';
import { SessionProvider } from '../tui/context.tsx';
import { SessionScreen } from '../tui/screens/SessionScreen.tsx';
import type { SessionController } from '../tui/session/controller.ts';
import { audienceDoor, seatDoor, type HostDoor } from './doors.ts';
import { HostedScreen, type CellSize } from './hosted-screen.tsx';
import { startServer, type Door, type RunningServer } from './server.ts';
import { newToken, TokenTable } from './tokens.ts';

export interface ServeAddress {
  host: string;
  port: number;
  publicUrl?: string | undefined;
}

export interface ServedSession {
  server: RunningServer;
  link: string;
  door: HostDoor;
  screen: HostedScreen;
  close(): Promise<void>;
}

async function serveOne(
  address: ServeAddress,
  screen: HostedScreen,
  door: HostDoor,
): Promise<ServedSession> {
  const doors = new TokenTable<Door>();
  const token = newToken();
  doors.add(token, door);
  const server = await startServer({ ...address, doors });
  return {
    server,
    link: server.link(token),
    door,
    screen,
    close: async () => {
      screen.close();
      await server.close();
    },
  };
}

/** The audience's screen: the session screen without keys, at one size for everyone. */
export async function serveAudience(
  session: SessionController,
  title: string,
  size: CellSize,
  address: ServeAddress,
): Promise<ServedSession> {
  const screen = new HostedScreen(size);
  await screen.start(
    <SessionProvider controller={session}>
      <SessionScreen onExit={() => undefined} />
    </SessionProvider>,
  );
  return serveOne(address, screen, audienceDoor(title, screen));
}

/**
 * The player's screen: the playground's app on this session, for one person at a time. With
 * `fixedSize` (the operator's terminal mirrors it) the screen keeps that size; without, the
 * player's window decides.
 */
export async function servePlayer(
  session: SessionController,
  title: string,
  address: ServeAddress,
  fixedSize?: CellSize,
): Promise<ServedSession> {
  const screen = new HostedScreen(fixedSize ?? { cols: 100, rows: 30 });
  await screen.start(<App initial={session} />);
  const door = seatDoor({ title, layout: fixedSize ? 'fixed' : 'fit', screen: () => screen });
  return serveOne(address, screen, door);
}
