/**
 * The two kinds of door onto a hosted screen: an audience (many pages, none of them typing, the
 * screen at one size that each page scales to its window) and a seat (one person types; a newer
 * page of theirs takes the seat from an older one, so a reconnect never finds it taken).
 */
import type { CellSize, HostedScreen } from './hosted-screen.tsx';
import type { Connection, Door, PageLink } from './server.ts';

/** A door whose connections can be counted and told when the screen's size changes. */
export interface HostDoor extends Door {
  readonly connections: number;
  /** The screen changed size (the operator's terminal did): fixed-size pages rescale. */
  resized(size: CellSize): void;
  /** Tells every page why the screen is gone and closes their connections (they do not reconnect). */
  endAll(reason: string, link?: PageLink): void;
}

export function audienceDoor(title: string, screen: HostedScreen): HostDoor {
  const open = new Set<Connection>();
  return {
    title,
    layout: 'fixed',
    typing: false,
    get connections() {
      return open.size;
    },
    resized(size) {
      for (const conn of open) conn.size(size);
    },
    endAll(reason) {
      for (const conn of open) conn.end(reason);
    },
    open(conn) {
      open.add(conn);
      conn.size(screen.size);
      const client = { output: (data: string) => conn.output(data) };
      screen.attach(client);
      conn.onClose = () => {
        open.delete(conn);
        screen.detach(client);
      };
    },
  };
}

export interface SeatOptions {
  title: string;
  /** 'fit': the page's window decides the screen's size; 'fixed': the screen keeps its size (the operator mirrors it). */
  layout: 'fit' | 'fixed';
  /** The seat's screen, made on first use (a participant's screen starts when they first open their link). */
  screen: (size: CellSize) => HostedScreen;
  /** The person left (closed the page, lost the network). */
  onLeave?: () => void;
  /** The person came (first time or back). */
  onCome?: () => void;
}

export function seatDoor(opts: SeatOptions): HostDoor {
  let seated: Connection | undefined;
  return {
    title: opts.title,
    layout: opts.layout,
    typing: true,
    get connections() {
      return seated ? 1 : 0;
    },
    resized(size) {
      if (opts.layout === 'fixed') seated?.size(size);
    },
    endAll(reason, link) {
      seated?.end(reason, link);
    },
    open(conn, size) {
      const screen = opts.screen(size);
      if (seated) seated.end('This screen was opened in another tab or window: carry on there.');
      seated = conn;
      const client = { output: (data: string) => conn.output(data) };
      if (opts.layout === 'fit') screen.resize(size);
      else conn.size(screen.size);
      screen.attach(client);
      conn.onInput = (data) => screen.input(data);
      if (opts.layout === 'fit') conn.onResize = (s) => screen.resize(s);
      conn.onClose = () => {
        screen.detach(client);
        if (seated !== conn) return;
        seated = undefined;
        opts.onLeave?.();
      };
      opts.onCome?.();
    },
  };
}
