/** The TUI's root: the home screen, or a session screen for the controller being shown. */
import { errorMessage } from '../contracts/errors.ts';
import { Text, useApp } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SessionProvider } from './context.tsx';
import { useTheme } from './theme.ts';
import type { HomeData } from './home-data.ts';
import { HomeScreen } from './screens/HomeScreen.tsx';
import type { HomeChoice, HomeMemory } from './screens/home/modes.ts';
import { SessionScreen } from './screens/SessionScreen.tsx';
import type { SessionController } from './session/controller.ts';

export interface AppProps {
  /** The session to show first; without one the app opens on the home screen. */
  initial?: SessionController | undefined;
  /** The home screen's data, read again each time it shows (new recordings). Without it there is no home. */
  loadHome?: (() => Promise<HomeData>) | undefined;
  /** The home screen drawn while loadHome first runs (the list fills in when it is done). */
  homeWhileLoading?: HomeData | undefined;
  /** Starts what the home screen picked (its code may load first); an error is shown there. */
  start?: ((choice: HomeChoice) => Promise<SessionController>) | undefined;
  /** Shown on the home screen (e.g. that no model is configured). */
  notice?: string | undefined;
  /** Called once the app is leaving. */
  onExit?: (() => void) | undefined;
}

export function App({ initial, loadHome, homeWhileLoading, start, notice, onExit }: AppProps) {
  const { exit } = useApp();
  const theme = useTheme();
  // `shown` counts the sessions opened, so each one gets a fresh screen.
  const [{ controller, shown }, setShown] = useState<{
    controller: SessionController | undefined;
    shown: number;
  }>({
    controller: initial,
    shown: 0,
  });
  const setController = (c: SessionController | undefined) =>
    setShown((s) => ({ controller: c, shown: s.shown + 1 }));
  const [home, setHome] = useState<HomeData | undefined>(initial ? undefined : homeWhileLoading);
  const [homeNotice, setHomeNotice] = useState(notice);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const refreshHome = useCallback(() => {
    loadHome?.().then(setHome, (err: unknown) => setLoadError(errorMessage(err)));
  }, [loadHome]);
  useEffect(() => {
    if (!initial) refreshHome();
  }, [initial, refreshHome]);
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
          onOpen={setController}
          onBack={
            loadHome
              ? () => {
                  // The list as it was shows at once; new recordings fill in when read.
                  refreshHome();
                  setController(undefined);
                }
              : undefined
          }
        />
      </SessionProvider>
    );
  if (loadError)
    return <Text color={theme.level.error}>intentplay: cannot read the library: {loadError}</Text>;
  if (!home) return null;
  return (
    <HomeScreen
      data={home}
      notice={homeNotice}
      memory={homeMemory}
      onQuit={leave}
      onStart={(choice) => {
        start?.(choice).then(setController, (err: unknown) => setHomeNotice(errorMessage(err)));
      }}
    />
  );
}
