/**
 * Which keys changed in the last `ms`: given a version per key (an intent's last change),
 * returns the keys whose version moved recently, so a pane can highlight a change briefly.
 * Nothing is highlighted on the first render (a replay opening at the end is not news).
 */
import { useEffect, useRef, useState } from 'react';

export function useRecentChanges(
  versions: Readonly<Record<string, number | undefined>>,
  ms = 2000,
): ReadonlySet<string> {
  const seen = useRef<Readonly<Record<string, number | undefined>> | null>(null);
  const timers = useRef(new Map<string, NodeJS.Timeout>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const before = seen.current;
    seen.current = versions;
    if (!before) return;
    const changed = Object.keys(versions).filter(
      (k) => versions[k] !== undefined && versions[k] !== before[k],
    );
    if (!changed.length) return;
    setFresh((prev) => new Set([...prev, ...changed]));
    for (const k of changed) {
      clearTimeout(timers.current.get(k));
      timers.current.set(
        k,
        setTimeout(() => {
          timers.current.delete(k);
          setFresh((prev) => new Set([...prev].filter((x) => x !== k)));
        }, ms),
      );
    }
  }, [versions, ms]);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all.values()) clearTimeout(t);
    };
  }, []);
  return fresh;
}
