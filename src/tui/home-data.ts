/**
 * What the home screen browses, loaded without any UI: the libraries (bundled, plus
 * --library DIR) by persona and episode, and the recent recordings under ./recordings.
 */
import { errorMessage } from '../contracts/errors.ts';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { modelConfigured, type ResolvedConfig } from '../config/resolve.ts';
import { findLibraryRoot, isPibenchUserDir } from '../scenario/library-root.ts';
import type { Library } from '../scenario/library.ts';
import type { Role } from '../contracts/events.ts';
import { cachedView, homeCacheDir, type Made } from './home-cache.ts';
import { recordingSummary, type RecordingSummary } from './recording-summary.ts';
import { cleanStrings } from '../text/text.ts';
import { paradigmPlaying } from '../scenario/paradigms.ts';
import { compareNatural } from '../contracts/order.ts';

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
  /** How the scenario plays, when not a plain conversation: a time scenario or a proposal scenario. */
  paradigm?: 'time' | 'proposals' | undefined;
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
  summary: RecordingSummary;
}

export interface HomeData {
  /** True while the libraries are still being read: the screen is drawn, the list fills in. */
  loading?: boolean;
  libraries: LibraryView[];
  recordings: RecordingEntry[];
  /** How many recordings the folder holds: the list shows the newest RECORDINGS_SHOWN. */
  recordingsTotal?: number;
  models: Record<Role, { configured: boolean; model?: string | undefined }>;
  /** The acp agents the config file names (`acp_agents:`), as agent backends `acp:COMMAND`. */
  acpAgents: { name: string; spec: string }[];
}

/**
 * What the home screen lists of the library at `root`. An intentplay library's view comes from
 * the cache (home-cache.ts) while its files are unchanged; the loader, with its parser and
 * schemas, is imported only when the view must be made.
 */
export async function libraryView(
  root: string,
  label: string,
  cacheDir: string | undefined = homeCacheDir(),
): Promise<LibraryView> {
  const found = findLibraryRoot(root);
  if (!found) return { root, label, personas: [], problem: 'not a library (no personas/ folder)' };
  const make = () => makeView(found, label);
  return isPibenchUserDir(found)
    ? (await make()).view
    : { ...(await cachedView(found, cacheDir, make)), label };
}

async function makeView(found: string, label: string): Promise<Made<LibraryView>> {
  const { loadLibrary } = await import('../scenario/library.ts');
  let loaded;
  try {
    // Fresh: this runs because a file changed, and the loader keeps what it read once per process.
    loaded = loadLibrary(found, { fresh: true });
  } catch (err) {
    return { view: { root: found, label, personas: [], problem: errorMessage(err) }, folders: [] };
  }
  // Whether a scenario's asset folder exists is checked on load: the view depends on it too.
  const folders = [...loaded.library.scenarios.values()].flatMap((s) =>
    s.workspace?.assets !== undefined
      ? [path.resolve(path.dirname(s.file), s.workspace.assets)]
      : [],
  );
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length)
    return {
      view: {
        root: found,
        label,
        personas: [],
        problem: `${errors.length} error(s): run intentplay validate ${found}`,
      },
      folders,
    };
  // Titles, names and roles come from library files: shown on the home screen and in its listing.
  return { view: cleanStrings(viewOf(loaded.library, found, label)), folders };
}

/** The paradigm that plays a scenario, named on the home screen unless it is the plain conversation. */
function paradigmOf(s: Parameters<typeof paradigmPlaying>[0]): ScenarioEntry['paradigm'] {
  const name = paradigmPlaying(s).name;
  return name === 'time' || name === 'proposals' ? name : undefined;
}

function viewOf(library: Library, found: string, label: string): LibraryView {
  const personaIds = new Set([
    ...library.personas.keys(),
    ...[...library.scenarios.values()].map((s) => s.persona),
  ]);
  const personas = [...personaIds].sort(compareNatural).map((pid): PersonaGroup => {
    const p = library.personas.get(pid);
    const scenarios = [...library.scenarios.values()]
      .filter((s) => s.persona === pid)
      .sort((a, b) => compareNatural(a.id, b.id));
    const refsOf = (ids: string[]) => [
      ...new Set(ids.flatMap((id) => Object.keys(library.scenarios.get(id)?.references ?? {}))),
    ];
    const episodes = [...library.episodes.values()]
      .filter((e) => e.persona === pid)
      .sort((a, b) => compareNatural(a.id, b.id));
    return {
      id: pid,
      name: p?.name,
      role: p?.role,
      entries: [
        ...episodes.map((e): EpisodeEntry => ({
          kind: 'episode',
          id: e.id,
          title: e.title,
          sessions: e.sessions,
          references: refsOf(e.sessions),
        })),
        ...scenarios.map((s): ScenarioEntry => ({
          kind: 'scenario',
          id: s.id,
          title: s.title,
          trigger: s.trigger,
          intents: s.intents.length,
          checklist: s.checklist?.length ?? 0,
          dependsOn: s.dependsOn,
          maxTurns: s.limits?.max_turns,
          references: Object.keys(s.references ?? {}),
          paradigm: paradigmOf(s),
        })),
      ],
    };
  });
  return { root: found, label, personas };
}

/** The home screen lists this many recordings, the newest first. */
export const RECORDINGS_SHOWN = 30;

function recordingNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return [];
  }
}

export function recentRecordings(
  dir: string,
  limit = RECORDINGS_SHOWN,
  names = recordingNames(dir),
): RecordingEntry[] {
  return names
    .map((name) => {
      const file = path.join(dir, name);
      return { file, name, mtimeMs: statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(0, limit)
    .map((r) => ({ ...r, summary: recordingSummary(r.file) }));
}

export async function loadHomeData(opts: {
  bundled: string;
  library?: string | undefined;
  recordingsDir: string;
  config: ResolvedConfig;
  cacheDir?: string | undefined;
}): Promise<HomeData> {
  const libraries: LibraryView[] = [];
  const cacheDir = 'cacheDir' in opts ? opts.cacheDir : homeCacheDir();
  if (opts.library)
    libraries.push(
      await libraryView(
        path.resolve(opts.library),
        path.basename(path.resolve(opts.library)),
        cacheDir,
      ),
    );
  const bundled = await libraryView(opts.bundled, 'bundled', cacheDir);
  if (bundled.personas.length || !opts.library) libraries.push(bundled);
  const names = recordingNames(opts.recordingsDir);
  return {
    libraries,
    recordings: recentRecordings(opts.recordingsDir, RECORDINGS_SHOWN, names),
    recordingsTotal: names.length,
    models: modelsOf(opts.config),
    acpAgents: acpAgentsOf(opts.config),
  };
}

/** What the home screen shows before the libraries are read (on a first start, or after an edit). */
export function homeWhileLoading(config: ResolvedConfig): HomeData {
  return {
    loading: true,
    libraries: [],
    recordings: [],
    models: modelsOf(config),
    acpAgents: acpAgentsOf(config),
  };
}

function acpAgentsOf(config: ResolvedConfig): HomeData['acpAgents'] {
  return Object.entries(config.acpAgents).map(([name, command]) => ({
    name,
    spec: `acp:${command}`,
  }));
}

function modelsOf(config: ResolvedConfig): HomeData['models'] {
  const roles: Role[] = ['agent', 'user', 'judge'];
  return Object.fromEntries(
    roles.map((r) => [r, { configured: modelConfigured(config, r), model: config.roles[r].model }]),
  ) as HomeData['models'];
}
