/** The TUI's root: the home screen, or a session screen for the controller being shown. */
import { useApp } from 'ink';
import { useCallback, useRef, useState } from 'react';
import { SessionProvider } from './context.tsx';
import type { HomeData } from './home-data.ts';
import { HomeScreen, type HomeChoice, type HomeMemory } from './screens/HomeScreen.tsx';
import { SessionScreen } from './screens/SessionScreen.tsx';
import type { SessionController } from './session/controller.ts';

export interface AppProps {
  /** The session to show first; without one the app opens on the home screen. */
  initial?: SessionController | undefined;
  /** The home screen's data, read again each time it shows (new recordings). Without it there is no home. */
  loadHome?: (() => HomeData) | undefined;
  /** Starts what the home screen picked; a thrown error is shown there. */
  start?: ((choice: HomeChoice) => SessionController) | undefined;
  /** Shown on the home screen (e.g. that no model is configured). */
  notice?: string | undefined;
  /** Called once the app is leaving. */
  onExit?: (() => void) | undefined;
}

export function App({ initial, loadHome, start, notice, onExit }: AppProps) {
  const { exit } = useApp();
  // `shown` counts the sessions opened, so each one gets a fresh screen.
  const [{ controller, shown }, setShown] = useState<{ controller: SessionController | undefined; shown: number }>({ controller: initial, shown: 0 });
  const setController = (c: SessionController | undefined) => setShown((s) => ({ controller: c, shown: s.shown + 1 }));
  const [home, setHome] = useState<HomeData | undefined>(() => (initial ? undefined : loadHome?.()));
  const [homeNotice, setHomeNotice] = useState(notice);
  const homeMemory = useRef<HomeMemory | undefined>(undefined);
  const leave = useCallback(() => {
    onExit?.();
    exit();
  }, [exit, onExit]);
  if (controller)
    return (
      <SessionProvider controller={controller}>
        <SessionScreen
          key={shown}
          onExit={leave}
          onBack={
            loadHome
              ? () => {
                  setHome(loadHome());
                  setController(undefined);
                }
              : undefined
          }
        />
      </SessionProvider>
    );
  if (!home) return null;
  return (
    <HomeScreen
      data={home}
      notice={homeNotice}
      memory={homeMemory}
      onQuit={leave}
      onStart={(choice) => {
        try {
          if (start) setController(start(choice));
        } catch (err) {
          setHomeNotice((err as Error).message);
        }
      }}
    />
  );
}
