/**
 * The session screen's controller, and one throttled snapshot of its two stores shared
 * by every pane: a store change re-renders the whole screen once (at most ~30 times a
 * second), never pane by pane, so no frame shows one pane ahead of another.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SessionState } from '../store/state.ts';
import type { ControlState, SessionController } from './session/controller.ts';

export const FRAME_MS = 1000 / 30;

interface Snapshot {
  session: SessionState;
  control: ControlState;
}

export const ControllerContext = createContext<SessionController | null>(null);
const SnapshotContext = createContext<Snapshot | null>(null);

export function useController(): SessionController {
  const c = useContext(ControllerContext);
  if (!c) throw new Error('useController outside a SessionProvider');
  return c;
}

function useSnapshot(): Snapshot {
  const s = useContext(SnapshotContext);
  if (!s) throw new Error('a session hook outside a SessionProvider');
  return s;
}

/** A slice of the session state as of the last frame. */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return selector(useSnapshot().session);
}

export function useControl<T>(selector: (c: ControlState) => T): T {
  return selector(useSnapshot().control);
}

const read = (c: SessionController): Snapshot => ({
  session: c.store.getState().session,
  control: c.control.getState(),
});

/**
 * Provides a controller and its snapshot. Updates are throttled to `fps`: the first change
 * after a quiet spell shows at once, a burst (streaming text) shows its latest state.
 */
export function SessionProvider({
  controller,
  children,
  fps = 30,
  onFrame,
}: {
  controller: SessionController;
  children: ReactNode;
  fps?: number;
  onFrame?: () => void;
}) {
  const [snapshot, setSnapshot] = useState(() => read(controller));
  useEffect(() => {
    const interval = 1000 / fps;
    let last = 0;
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      last = performance.now();
      const next = read(controller);
      onFrame?.(); // benchmarks time each frame from here to its output
      setSnapshot((prev) =>
        prev.session === next.session && prev.control === next.control ? prev : next,
      );
    };
    const changed = () => {
      if (timer) return;
      const wait = interval - (performance.now() - last);
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    };
    flush();
    const offStore = controller.store.subscribe(changed);
    const offControl = controller.control.subscribe(changed);
    return () => {
      offStore();
      offControl();
      clearTimeout(timer);
    };
  }, [controller, fps, onFrame]);
  return (
    <ControllerContext.Provider value={controller}>
      <SnapshotContext.Provider value={snapshot}>{children}</SnapshotContext.Provider>
    </ControllerContext.Provider>
  );
}

/** What one pane may ask of the screen around it. */
export interface SessionUi {
  /** Play: puts an intent's reveal text into the input box; sending it marks the intent provided. */
  reveal(intentId: string, text: string): void;
  /** Play: asks which status to give an intent by hand (a dialog; refused with --no-overrides). */
  override(intentId: string): void;
  /** Says why a key did nothing (under the input box). */
  note(text: string): void;
}

export const SessionUiContext = createContext<SessionUi>({
  reveal: () => {},
  override: () => {},
  note: () => {},
});
