/**
 * The paradigms this process plays, as the composition root (src/paradigms/index.ts) installs
 * them. The core reads them here and imports none: the scenario schema merges their keys, the
 * loader runs their checks, the tool registry adds their tools, the engine asks which one plays a
 * scenario. Installing again (a test's toy paradigm) replaces the list.
 */
import type { Paradigm } from '../contracts/paradigm.ts';
import type { EngineTypes } from '../contracts/engine-types.ts';
import {
  onParadigmsInstalled,
  paradigmsInstalled,
  setInstalledParadigms,
} from '../contracts/installed-paradigms.ts';

export function installParadigms(paradigms: readonly Paradigm[]): void {
  const names = paradigms.map((p) => p.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`paradigm ${twice} installed twice`);
  setInstalledParadigms(paradigms);
}

export function installedParadigms(): readonly Paradigm[] {
  const installed = paradigmsInstalled();
  if (!installed.length)
    throw new Error(
      'no paradigm is installed: import src/paradigms/index.ts (the composition root) before loading or running scenarios',
    );
  return installed;
}

/** Which paradigm runs a scenario: the last one in the registry that plays it. */
export function paradigmPlaying(scenario: EngineTypes['scenario']): Paradigm {
  const playing = installedParadigms().findLast((p) => p.plays(scenario));
  if (!playing) throw new Error(`no installed paradigm plays ${scenario.id}`);
  return playing;
}

/** Something derived from the installed paradigms (a merged schema, a tool list) is rebuilt when they change. */
export function derivedFromParadigms<T>(build: (paradigms: readonly Paradigm[]) => T): () => T {
  let cached: { value: T } | undefined;
  onParadigmsInstalled(() => (cached = undefined));
  return () => (cached ??= { value: build(installedParadigms()) }).value;
}

/** The fields of an intent that `session_start` carries besides its text: the keys paradigms announce, in their order. */
export function announcedIntentFields(intent: EngineTypes['intent']): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of installedParadigms().flatMap((p) => p.announcedIntentKeys ?? []))
    if (intent[key]) fields[key] = intent[key];
  return fields;
}
