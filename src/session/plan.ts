/**
 * What to run (docs/reports.md): targets (scenario files or ids, episode files, folders) become
 * run groups. A group's sessions share one workspace and memory and run in order.
 * - a scenario runs after its dependency chain (unless noDeps);
 * - an episode runs its sessions in order;
 * - a folder runs each episode in it, plus every scenario no episode lists (with its chain);
 * - no session runs twice in one repeat: overlapping chains share a group.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../config/package-info.ts';
import { UserError } from '../contracts/diagnostics.ts';
import {
  findLibraryRoot,
  requireLibrary,
  type Library,
  type LoadedScenario,
} from '../scenario/library.ts';
import { compareNatural } from '../contracts/order.ts';

export interface RunGroup {
  /** Episode id, or the id of the chain's last scenario. */
  id: string;
  kind: 'episode' | 'chain';
  library: Library;
  sessions: LoadedScenario[];
  /** The group's whole length when only its first sessions run (a fork stops at the session it continues). */
  of?: number;
}

/** The project's own library (scenarios/ and personas/ at the package root). */
export const BUNDLED_LIBRARY = PACKAGE_ROOT;

export interface PlanOptions {
  noDeps?: boolean;
  /** --library DIR: resolve ids here, and use it for files outside any library. */
  library?: string;
}

export function planRuns(targets: readonly string[], opts: PlanOptions = {}): RunGroup[] {
  const planner = new Planner(opts.noDeps ?? false);
  for (const target of targets) {
    const resolved = resolveTarget(target, opts.library);
    if (resolved.kind === 'episode') planner.addEpisode(resolved.library, resolved.id);
    else if (resolved.kind === 'scenario') planner.addScenario(resolved.library, resolved.id);
    else planner.addFolder(resolved.library, resolved.dir);
  }
  if (!planner.groups.length) throw new UserError(`nothing to run in ${targets.join(', ')}`);
  return planner.groups;
}

type Target =
  | { kind: 'scenario'; library: Library; id: string }
  | { kind: 'episode'; library: Library; id: string }
  | { kind: 'folder'; library: Library; dir: string };

export function resolveTarget(target: string, libraryOverride?: string): Target {
  if (existsSync(target)) {
    const abs = path.resolve(target);
    const library = requireLibrary(abs, libraryOverride);
    if (statSync(abs).isDirectory()) return { kind: 'folder', library, dir: abs };
    for (const e of library.episodes.values())
      if (path.resolve(e.file) === abs) return { kind: 'episode', library, id: e.id };
    for (const s of library.scenarios.values())
      if (path.resolve(s.file) === abs) return { kind: 'scenario', library, id: s.id };
    throw new UserError(
      `${target}: not a scenario or episode file of the library at ${library.root}`,
    );
  }
  // Not a path: an id in --library, else in the bundled library.
  const root = libraryOverride ?? BUNDLED_LIBRARY;
  if (!findLibraryRoot(root))
    throw new UserError(`${target}: no such file, and no library to look it up in`);
  const library = requireLibrary(root, libraryOverride ?? root);
  if (library.scenarios.has(target)) return { kind: 'scenario', library, id: target };
  if (library.episodes.has(target)) return { kind: 'episode', library, id: target };
  const close = [...library.scenarios.keys(), ...library.episodes.keys()]
    .filter((k) => k.includes(target))
    .slice(0, 5);
  throw new UserError(
    `${target}: no such file, and no scenario or episode with that id in ${library.root}${close.length ? ` (did you mean ${close.join(', ')}?)` : ''}`,
  );
}

/** Dependencies of `id` (transitive, dependencies first), then `id`. */
export function dependencyChain(library: Library, id: string): LoadedScenario[] {
  const out: LoadedScenario[] = [];
  const seen = new Set<string>();
  const visit = (sid: string) => {
    if (seen.has(sid)) return;
    seen.add(sid);
    const s = library.scenarios.get(sid);
    if (!s) return;
    for (const dep of s.dependsOn) visit(dep);
    out.push(s);
  };
  visit(id);
  return out;
}

class Planner {
  readonly groups: RunGroup[] = [];
  private readonly owner = new Map<string, RunGroup>();
  constructor(private readonly noDeps: boolean) {}

  private key(library: Library, id: string): string {
    return `${library.root}\0${id}`;
  }

  addEpisode(library: Library, id: string): void {
    const episode = library.episodes.get(id)!;
    const sessions = episode.sessions
      .map((sid) => library.scenarios.get(sid)!)
      .filter((s) => !this.owner.has(this.key(library, s.id)));
    if (this.noDeps) {
      for (const s of sessions) this.addSingle(library, s);
      return;
    }
    if (!sessions.length) return;
    const group: RunGroup = { id: episode.id, kind: 'episode', library, sessions };
    this.groups.push(group);
    for (const s of sessions) this.owner.set(this.key(library, s.id), group);
  }

  addScenario(library: Library, id: string): void {
    const s = library.scenarios.get(id)!;
    if (this.noDeps) return this.addSingle(library, s);
    const chain = dependencyChain(library, id);
    const covered = chain.map((c) => this.owner.get(this.key(library, c.id))).find(Boolean);
    const fresh = chain.filter((c) => !this.owner.has(this.key(library, c.id)));
    if (!fresh.length) return;
    const group = covered ?? { id, kind: 'chain' as const, library, sessions: [] };
    if (!covered) this.groups.push(group);
    group.sessions.push(...fresh);
    for (const c of fresh) this.owner.set(this.key(library, c.id), group);
  }

  private addSingle(library: Library, s: LoadedScenario): void {
    if (this.owner.has(this.key(library, s.id))) return;
    const group: RunGroup = { id: s.id, kind: 'chain', library, sessions: [s] };
    this.groups.push(group);
    this.owner.set(this.key(library, s.id), group);
  }

  addFolder(library: Library, dir: string): void {
    const under = (file: string) =>
      path.resolve(file).startsWith(dir + path.sep) || library.root === dir;
    const episodes = [...library.episodes.values()]
      .filter((e) => under(e.file))
      .sort((a, b) => compareNatural(a.id, b.id));
    for (const e of episodes) this.addEpisode(library, e.id);
    const listed = new Set([...library.episodes.values()].flatMap((e) => e.sessions));
    const loose = [...library.scenarios.values()]
      .filter((s) => under(s.file) && !listed.has(s.id))
      .sort((a, b) => compareNatural(a.id, b.id));
    for (const s of loose) this.addScenario(library, s.id);
  }
}
