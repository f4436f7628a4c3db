/** What every screen runs inside: the theme, the terminal size and the one keypress dispatcher. */
import { useMemo, type ReactNode } from 'react';
import { KeypressProvider } from './hooks/keypress.tsx';
import { TerminalSizeContext, type TerminalSize } from './hooks/useTerminalSize.ts';
import { createTheme, ThemeContext } from './theme.ts';

export function Providers({
  children,
  size,
  color,
}: {
  children: ReactNode;
  size?: TerminalSize | undefined;
  color?: boolean | undefined;
}) {
  const theme = useMemo(() => createTheme(color), [color]);
  return (
    <ThemeContext.Provider value={theme}>
      <TerminalSizeContext.Provider value={size ?? null}>
        <KeypressProvider>{children}</KeypressProvider>
      </TerminalSizeContext.Provider>
    </ThemeContext.Provider>
  );
}
