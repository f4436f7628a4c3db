/**
 * Reads a zustand store through a selector, re-rendering at most `fps` times a second:
 * streaming text can arrive a hundred times a second, a terminal needs ~30 frames.
 * The first change after a quiet spell shows at once; a burst shows its last value.
 */
import { useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';

export const FRAME_MS = 1000 / 30;

export function useThrottledStore<S, T>(store: StoreApi<S>, selector: (state: S) => T, fps = 30): T {
  const [value, setValue] = useState(() => selector(store.getState()));
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  useEffect(() => {
    const interval = 1000 / fps;
    let last = 0;
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      last = performance.now();
      const next = selectorRef.current(store.getState());
      setValue((prev) => (Object.is(prev, next) ? prev : next));
    };
    flush();
    const unsubscribe = store.subscribe(() => {
      if (timer) return;
      const wait = interval - (performance.now() - last);
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, fps]);
  return value;
}
