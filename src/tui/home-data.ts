/**
 * What the home screen browses, loaded without any UI: the libraries (bundled, plus
 * --library DIR) by persona and episode, and the recent recordings under ./recordings.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { modelConfigured, type ResolvedConfig } from '../config/config.ts';
import { findLibraryRoot, loadLibrary, type Library } from '../scenario/library.ts';
import type { Role } from '../session/events.ts';

export interface ScenarioEntry {
  kind: 'scenario';
  id: string;
  title: string;
  trigger: { kind: 'user' | 'event'; text: string; source?: string | undefined };
  intents: number;
  checklist: number;
  dependsOn: string[];
  maxTurns?: number | undefined;
  references: string[];
}

export interface EpisodeEntry {
  kind: 'episode';
  id: string;
  title?: string | undefined;
  sessions: string[];
  references: string[];
}

export interface PersonaGroup {
  id: string;
  name?: string | undefined;
  role?: string | undefined;
  entries: (EpisodeEntry | ScenarioEntry)[];
}

export interface LibraryView {
  root: string;
  label: string;
  personas: PersonaGroup[];
  /** Why it could not be used (missing, or has errors). */
  problem?: string;
}

export interface RecordingEntry {
  file: string;
  name: string;
  mtimeMs: number;
}

export interface HomeData {
  libraries: LibraryView[];
  recordings: RecordingEntry[];
  models: Record<Role, { configured: boolean; model?: string | undefined }>;
}

export function libraryView(root: string, label: string): LibraryView {
  const found = findLibraryRoot(root);
  if (!found) return { root, label, personas: [], problem: 'not a library (no personas/ folder)' };
  let library: Library;
  try {
    const loaded = loadLibrary(found);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) return { root: found, label, personas: [], problem: `${errors.length} error(s): run intentplay validate ${found}` };
    library = loaded.library;
  } catch (err) {
    return { root: found, label, personas: [], problem: (err as Error).message };
  }
  const personaIds = new Set([...library.personas.keys(), ...[...library.scenarios.values()].map((s) => s.persona)]);
  const personas = [...personaIds].sort().map((pid): PersonaGroup => {
    const p = library.personas.get(pid);
    const scenarios = [...library.scenarios.values()].filter((s) => s.persona === pid).sort((a, b) => a.id.localeCompare(b.id));
    const refsOf = (ids: string[]) => [...new Set(ids.flatMap((id) => Object.keys(library.scenarios.get(id)?.references ?? {})))];
    const episodes = [...library.episodes.values()].filter((e) => e.persona === pid).sort((a, b) => a.id.localeCompare(b.id));
    return {
      id: pid,
      name: p?.name,
      role: p?.role,
      entries: [
        ...episodes.map((e): EpisodeEntry => ({ kind: 'episode', id: e.id, title: e.title, sessions: e.sessions, references: refsOf(e.sessions) })),
        ...scenarios.map(
          (s): ScenarioEntry => ({
            kind: 'scenario',
            id: s.id,
            title: s.title,
            trigger: s.trigger,
            intents: s.intents.length,
            checklist: s.checklist?.length ?? 0,
            dependsOn: s.dependsOn,
            maxTurns: s.limits?.max_turns,
            references: Object.keys(s.references ?? {}),
          }),
        ),
      ],
    };
  });
  return { root: found, label, personas };
}

export function recentRecordings(dir: string, limit = 30): RecordingEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const file = path.join(dir, name);
      return { file, name, mtimeMs: statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(0, limit);
}

export function loadHomeData(opts: { bundled: string; library?: string | undefined; recordingsDir: string; config: ResolvedConfig }): HomeData {
  const libraries: LibraryView[] = [];
  if (opts.library) libraries.push(libraryView(path.resolve(opts.library), path.basename(path.resolve(opts.library))));
  const bundled = libraryView(opts.bundled, 'bundled');
  if (bundled.personas.length || !opts.library) libraries.push(bundled);
  const roles: Role[] = ['agent', 'user', 'judge'];
  return {
    libraries,
    recordings: recentRecordings(opts.recordingsDir),
    models: Object.fromEntries(roles.map((r) => [r, { configured: modelConfigured(opts.config, r), model: opts.config.roles[r].model }])) as HomeData['models'],
  };
}
