/**
 * A library is a folder holding `personas/` and `scenarios/` (docs/authoring.md). Loading one
 * parses every file, validates each against its schema and its own checks (scenario-checks.ts),
 * then checks what spans files: ids against paths, duplicate ids, persona and dependency
 * references, dependency cycles.
 * Every problem is collected, so `validate` can report them all at once.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import {
  type Diagnostic,
  formatDiagnostic,
  UserError,
  sortDiagnostics,
} from '../contracts/diagnostics.ts';
import {
  EpisodeSchema,
  PersonaSchema,
  scenarioSchema,
  type ChecklistItemSpec,
  type EpisodeFile,
  type IntentSpec,
  type Persona,
  type ScenarioFile,
} from './schema.ts';
import { locate, parseYamlFile, type ParsedYaml } from './yaml-file.ts';
import { validateWith } from './yaml-validate.ts';
import { findLibraryRoot, isPibenchUserDir, libraryRootFor } from './library-root.ts';
import { loadPibenchLibrary } from './pibench/index.ts';
import { checkScenarioInternals } from './scenario-checks.ts';

export interface LoadedPersona extends Persona {
  file: string;
}
export interface LoadedScenario extends ScenarioFile {
  file: string;
  /** Resolved ids of direct dependencies. */
  dependsOn: string[];
}
export interface LoadedEpisode extends EpisodeFile {
  file: string;
}

declare module '../contracts/engine-types.ts' {
  interface EngineTypes {
    scenario: LoadedScenario;
    scenarioFile: ScenarioFile;
    persona: LoadedPersona;
    intent: IntentSpec;
    checklistItem: ChecklistItemSpec;
  }
}

export interface Library {
  root: string;
  kind: 'intentplay' | 'pibench';
  personas: Map<string, LoadedPersona>;
  scenarios: Map<string, LoadedScenario>;
  episodes: Map<string, LoadedEpisode>;
}

export interface LoadResult {
  library: Library;
  diagnostics: Diagnostic[];
}

export { findLibraryRoot };

const cache = new Map<string, LoadResult>();

/** Loads (once per process) the library rooted at `root`. */
export function loadLibrary(root: string, opts: { fresh?: boolean } = {}): LoadResult {
  const key = path.resolve(root);
  const hit = cache.get(key);
  if (hit && !opts.fresh) return hit;
  const result = isPibenchUserDir(key) ? loadPibenchLibrary(key) : loadIntentplayLibrary(key);
  result.diagnostics = sortDiagnostics(result.diagnostics);
  cache.set(key, result);
  return result;
}

function loadIntentplayLibrary(root: string): LoadResult {
  const library: Library = {
    root,
    kind: 'intentplay',
    personas: new Map(),
    scenarios: new Map(),
    episodes: new Map(),
  };
  const diagnostics: Diagnostic[] = [];
  // Only the positions the cross-file checks need are kept, not the parsed documents:
  // holding every document of a large library until the end tripled its memory peak.
  const refs = new Map<string, RefPositions>();
  const err = (file: string, at: { line: number; col: number }, message: string) =>
    diagnostics.push({ severity: 'error', file, ...at, message });
  const warn = (file: string, at: { line: number; col: number }, message: string) =>
    diagnostics.push({ severity: 'warning', file, ...at, message });

  const personaFiles = globSync(['personas/*.{yaml,yml}'], { cwd: root, absolute: true }).sort();
  // Ids whose file exists even if it failed to load: a reference to one is not "unknown"
  // (the file's own errors are reported instead).
  const personaFileIds = new Set(personaFiles.map((f) => path.basename(f).replace(/\.ya?ml$/, '')));
  const scenarioFileIds = new Set<string>();
  for (const file of personaFiles) {
    const { parsed, diagnostics: d } = parseYamlFile(file);
    diagnostics.push(...d);
    if (!parsed) continue;
    const {
      value: valid,
      recovered,
      diagnostics: v,
    } = validateWith(parsed, PersonaSchema, 'persona');
    diagnostics.push(...v);
    const value = valid ?? recovered;
    if (!value) continue;
    const expected = path.basename(file).replace(/\.ya?ml$/, '');
    if (value.id !== expected)
      err(
        file,
        locate(parsed, ['id']),
        `persona id \`${value.id}\` does not match the file name (expected \`${expected}\`)`,
      );
    if (library.personas.has(value.id)) {
      err(
        file,
        locate(parsed, ['id']),
        `duplicate persona id \`${value.id}\` (also in ${library.personas.get(value.id)!.file})`,
      );
      continue;
    }
    library.personas.set(value.id, { ...value, file });
  }

  /** Scenario files the schema refused: their persona is still checked. */
  const unchecked: { file: string; persona: string; at: { line: number; col: number } }[] = [];
  const scenarioFiles = globSync(['scenarios/**/*.{yaml,yml}'], {
    cwd: root,
    absolute: true,
  }).sort();
  for (const file of scenarioFiles) {
    const { parsed, diagnostics: d } = parseYamlFile(file);
    diagnostics.push(...d);
    if (!parsed) continue;
    const rel = path
      .relative(path.join(root, 'scenarios'), file)
      .replace(/\.ya?ml$/, '')
      .split(path.sep)
      .join('/');
    scenarioFileIds.add(rel);
    if (path.basename(rel) === 'episode') {
      const {
        value: valid,
        recovered,
        diagnostics: v,
      } = validateWith(parsed, EpisodeSchema, 'episode');
      diagnostics.push(...v);
      const value = valid ?? recovered;
      if (!value) continue;
      const expected = path.dirname(rel) === '.' ? value.id : path.dirname(rel);
      if (value.id !== expected)
        err(
          file,
          locate(parsed, ['id']),
          `episode id \`${value.id}\` does not match its folder (expected \`${expected}\`)`,
        );
      if (library.episodes.has(value.id)) {
        err(file, locate(parsed, ['id']), `duplicate episode id \`${value.id}\``);
        continue;
      }
      library.episodes.set(value.id, { ...value, file });
      refs.set(file, refPositions(parsed, 'sessions', value.sessions.length));
      continue;
    }
    const {
      value: valid,
      recovered,
      diagnostics: v,
    } = validateWith(parsed, scenarioSchema(), 'scenario');
    diagnostics.push(...v);
    const value = valid ?? recovered;
    if (!value) {
      // The schema failed, but the checks that need only `id` and `persona` still run: every error in one pass.
      const raw = (parsed.value ?? {}) as { id?: unknown; persona?: unknown };
      if (typeof raw.id === 'string' && raw.id !== rel)
        err(
          file,
          locate(parsed, ['id']),
          `scenario id \`${raw.id}\` does not match the file's path (expected \`${rel}\`)`,
        );
      if (typeof raw.persona === 'string')
        unchecked.push({ file, persona: raw.persona, at: locate(parsed, ['persona']) });
      continue;
    }
    if (value.id !== rel)
      err(
        file,
        locate(parsed, ['id']),
        `scenario id \`${value.id}\` does not match the file's path (expected \`${rel}\`)`,
      );
    if (library.scenarios.has(value.id)) {
      err(
        file,
        locate(parsed, ['id']),
        `duplicate scenario id \`${value.id}\` (also in ${library.scenarios.get(value.id)!.file})`,
      );
      continue;
    }
    checkScenarioInternals(value, parsed, err, warn, root);
    library.scenarios.set(value.id, { ...value, file, dependsOn: [] });
    refs.set(file, refPositions(parsed, 'depends_on', value.depends_on?.length ?? 0));
  }

  // Cross-file references.
  for (const u of unchecked)
    if (!library.personas.has(u.persona) && !personaFileIds.has(u.persona))
      err(
        u.file,
        u.at,
        `unknown persona \`${u.persona}\` (no personas/${u.persona}.yaml in ${root})`,
      );
  for (const s of library.scenarios.values()) {
    const at = refs.get(s.file)!;
    if (!library.personas.has(s.persona) && !personaFileIds.has(s.persona))
      err(
        s.file,
        at.persona,
        `unknown persona \`${s.persona}\` (no personas/${s.persona}.yaml in ${root})`,
      );
    (s.depends_on ?? []).forEach((ref, i) => {
      const id = resolveScenarioRef(ref, s.persona);
      if (!library.scenarios.has(id)) {
        if (!scenarioFileIds.has(id))
          err(
            s.file,
            at.items[i]!,
            `unknown dependency \`${ref}\` (no scenario with id \`${id}\`)`,
          );
      } else s.dependsOn.push(id);
    });
  }
  for (const e of library.episodes.values()) {
    const at = refs.get(e.file)!;
    if (!library.personas.has(e.persona) && !personaFileIds.has(e.persona))
      err(e.file, at.persona, `unknown persona \`${e.persona}\``);
    const seen = new Set<string>();
    e.sessions = e.sessions.map((ref, i) => {
      const id = resolveScenarioRef(ref, e.persona);
      const s = library.scenarios.get(id);
      if (!s && !scenarioFileIds.has(id))
        err(e.file, at.items[i]!, `unknown session \`${ref}\` (no scenario with id \`${id}\`)`);
      else if (s) {
        if (seen.has(id)) err(e.file, at.items[i]!, `session \`${id}\` is listed twice`);
        for (const dep of s.dependsOn)
          if (!seen.has(dep))
            warn(
              e.file,
              at.items[i]!,
              `session \`${id}\` depends on \`${dep}\`, which does not run before it in this episode`,
            );
      }
      seen.add(id);
      return id;
    });
  }
  for (const cycle of findCycles(library)) {
    const first = library.scenarios.get(cycle[0]!)!;
    err(
      first.file,
      refs.get(first.file)!.list,
      `dependency cycle: ${[...cycle, cycle[0]].join(' → ')}`,
    );
  }
  return { library, diagnostics };
}

interface Position {
  line: number;
  col: number;
}
interface RefPositions {
  persona: Position;
  /** The reference list's own key (depends_on or sessions), and each of its items. */
  list: Position;
  items: Position[];
}

function refPositions(parsed: ParsedYaml, listKey: string, count: number): RefPositions {
  return {
    persona: locate(parsed, ['persona']),
    list: locate(parsed, [listKey]),
    items: Array.from({ length: count }, (_, i) => locate(parsed, [listKey, i])),
  };
}

export function resolveScenarioRef(ref: string, persona: string): string {
  return ref.includes('/') ? ref : `${persona}/${ref}`;
}

/** Each dependency cycle once, as a list of ids. */
export function findCycles(library: Library): string[][] {
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles: string[][] = [];
  const stack: string[] = [];
  const visit = (id: string) => {
    state.set(id, 'visiting');
    stack.push(id);
    for (const dep of library.scenarios.get(id)?.dependsOn ?? []) {
      const st = state.get(dep);
      if (st === 'visiting') cycles.push(stack.slice(stack.indexOf(dep)));
      else if (!st) visit(dep);
    }
    stack.pop();
    state.set(id, 'done');
  };
  for (const id of library.scenarios.keys()) if (!state.has(id)) visit(id);
  return cycles;
}

/**
 * Loads the library holding `target` and fails with located errors if the files that
 * matter for it have any: a folder's files, or a scenario's own persona folder and persona.
 * A broken file elsewhere in a large library does not block running a healthy scenario.
 */
/** The files a scenario file needs: itself and its transitive dependencies (an episode file: its sessions). */
function chainFiles(library: Library, file: string): Set<string> {
  const out = new Set<string>([file]);
  const byFile = [...library.scenarios.values()].find((s) => s.file === file);
  const episode = [...library.episodes.values()].find((e) => e.file === file);
  const todo = byFile
    ? [byFile.id]
    : (episode?.sessions.map((id) => (id.includes('/') ? id : `${episode.persona}/${id}`)) ?? []);
  const seen = new Set<string>();
  while (todo.length) {
    const id = todo.pop()!;
    const s = library.scenarios.get(id);
    if (!s || seen.has(id)) continue;
    seen.add(id);
    out.add(s.file);
    todo.push(...s.dependsOn);
  }
  return out;
}

export function requireLibrary(target: string, libraryOverride?: string): Library {
  const root = libraryRootFor(target, libraryOverride);
  if (!root)
    throw new UserError(
      `${target}: not inside a library (no folder above it holds a personas/ folder); pass --library DIR`,
    );
  const { library, diagnostics } = loadLibrary(root);
  const abs = path.resolve(target);
  const isFile = existsSync(abs) && !statSync(abs).isDirectory();
  const scope = isFile ? path.dirname(abs) : abs;
  // A file target needs itself, its dependency chain and the personas: a broken neighbour does not block it.
  const chain = isFile ? chainFiles(library, abs) : undefined;
  const relevant = (file: string) =>
    file.startsWith(path.join(root, 'personas') + path.sep) ||
    path.dirname(file) === root ||
    (chain ? chain.has(file) : scope === root || file.startsWith(scope + path.sep));
  let errors = diagnostics.filter(
    (d) => d.severity === 'error' && (!existsSync(abs) || relevant(d.file)),
  );
  // π-Bench: a task that cannot be read is skipped, never the whole user (its neighbours run).
  if (library.kind === 'pibench' && errors.length) {
    const loadedFiles = new Set([...library.scenarios.values()].map((sc) => sc.file));
    const unreadable = (d: Diagnostic) =>
      path.basename(d.file) === 'task.yaml' && !loadedFiles.has(d.file);
    const skipped = [...new Set(errors.filter(unreadable).map((d) => d.file))];
    if (skipped.length) {
      for (const d of errors.filter(unreadable)) process.stderr.write(`${formatDiagnostic(d)}\n`);
      process.stderr.write(
        `skipping ${skipped.length} π-Bench task(s) that cannot be read (${skipped.map((f) => path.basename(path.dirname(f))).join(', ')}); the other tasks run\n`,
      );
      errors = errors.filter((d) => !unreadable(d));
    }
  }
  if (errors.length)
    throw new UserError(
      `${errors.length} error(s) in the library at ${root}; run \`intentplay validate ${root}\``,
      errors,
    );
  return library;
}
