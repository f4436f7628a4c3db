/**
 * The install point of the paradigms: the composition root (src/paradigms/index.ts) installs
 * them through src/scenario/paradigms.ts, which checks the list; the leaves that cannot import the
 * core (the store, which reduces their slices) read them here. Something derived from them
 * listens for a new list (a test's toy paradigm).
 */
import type { Paradigm } from './paradigm.ts';

let installed: readonly Paradigm[] = [];
const listeners: (() => void)[] = [];

export function setInstalledParadigms(paradigms: readonly Paradigm[]): void {
  installed = paradigms;
  for (const listener of listeners) listener();
}

/** The installed paradigms; none before the composition root has loaded. */
export function paradigmsInstalled(): readonly Paradigm[] {
  return installed;
}

/** Calls `listener` whenever the paradigms are installed again. */
export function onParadigmsInstalled(listener: () => void): void {
  listeners.push(listener);
}
