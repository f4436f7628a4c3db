/** The terminal's size, updated on resize. Tests and captures can fix it with TerminalSizeContext. */
import { useStdout } from 'ink';
import { createContext, useContext, useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

export const TerminalSizeContext = createContext<TerminalSize | null>(null);

const read = (out: NodeJS.WriteStream): TerminalSize => ({
  columns: out.columns || 80,
  rows: out.rows || 24,
});

export function useTerminalSize(): TerminalSize {
  const fixed = useContext(TerminalSizeContext);
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    if (fixed) return;
    const onResize = () => setSize(read(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}
