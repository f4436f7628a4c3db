/**
 * A recording's branches: the forks made from it (found beside it, or elsewhere where the index
 * beside it says, and theirs in turn), each with the turn it left from, how it ended and its
 * scores; and, for a fork, where it came from. Read from the recordings' headers and last lines,
 * so a large folder stays quick.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Scores, SessionEnd } from '../contracts/events.ts';
import { readRecording, type RecordingHeader } from '../session/recording.ts';
import { forksElsewhere } from './elsewhere.ts';
import { headerOf, parentPath } from './headers.ts';
import { compareNatural } from '../contracts/order.ts';

export interface Branch {
  file: string;
  /** The parent's turn it left from. */
  turn: number;
  edited: boolean;
  end?: SessionEnd;
  scores?: Scores;
  branches: Branch[];
}

export interface Lineage {
  /** Where this recording came from, when it is a fork. */
  parent?: { file: string; turn: number };
  branches: Branch[];
}

/** Forks nest at most this deep in what is shown (a fork of a fork of a fork...). */
const DEPTH = 4;

export function lineageOf(file: string): Lineage {
  const abs = path.resolve(file);
  const header = headerOf(abs);
  return {
    ...(header?.fork
      ? { parent: { file: parentPath(abs, header.fork.parent), turn: header.fork.turn } }
      : {}),
    branches: forksOf(abs, new Map(), DEPTH),
  };
}

/** The forks in a folder (by their headers), read once per folder a tree reaches. */
type Folders = Map<string, Map<string, RecordingHeader>>;

function candidatesOf(file: string, folders: Folders): Map<string, RecordingHeader> {
  const dir = path.dirname(file);
  if (!folders.has(dir)) folders.set(dir, folderHeaders(dir));
  const out = new Map(folders.get(dir));
  for (const other of forksElsewhere(file)) {
    const header = headerOf(other);
    if (header?.fork) out.set(other, header);
  }
  return out;
}

function folderHeaders(dir: string): Map<string, RecordingHeader> {
  const out = new Map<string, RecordingHeader>();
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return out;
  }
  for (const name of names) {
    const header = headerOf(path.join(dir, name));
    if (header?.fork) out.set(path.join(dir, name), header);
  }
  return out;
}

function forksOf(file: string, folders: Folders, depth: number): Branch[] {
  if (depth === 0) return [];
  const out: Branch[] = [];
  for (const [child, header] of candidatesOf(file, folders)) {
    if (parentPath(child, header.fork!.parent) !== file) continue;
    out.push({
      file: child,
      turn: header.fork!.turn,
      edited: header.fork!.editUser !== undefined,
      ...outcome(child),
      branches: forksOf(child, folders, depth - 1),
    });
  }
  return out.sort((a, b) => a.turn - b.turn || compareNatural(a.file, b.file));
}

function outcome(file: string): { end?: SessionEnd; scores?: Scores } {
  try {
    const { events } = readRecording(file);
    const end = events.findLast((e) => e.type === 'session_end');
    const score = events.findLast((e) => e.type === 'score');
    return {
      ...(end?.type === 'session_end' ? { end: end.end } : {}),
      ...(score?.type === 'score' ? { scores: score.scores } : {}),
    };
  } catch {
    return {};
  }
}

function fixed(n: number | null | undefined): string {
  return typeof n === 'number' ? n.toFixed(2) : '–';
}

/** How a branch went: `ended, 2 turns  Proc 0.14  Comp 0.13`. */
function outcomeText(b: Branch): string {
  const how = b.end ? `${b.end}, ${b.scores?.turns ?? '?'} turns` : 'unfinished';
  return `${how}  Proc ${fixed(b.scores?.proc)}  Comp ${fixed(b.scores?.comp)}`;
}

const EDITED = ' (user message edited)';

/** One branch as a line: `↳ fork at turn 1 → file  ended  Proc 0.14  Comp 0.13`. */
export function branchLine(b: Branch, relativeTo: string): string {
  const name = path.relative(relativeTo, b.file) || path.basename(b.file);
  return `↳ fork at turn ${b.turn} → ${name}${b.edited ? EDITED : ''}  ${outcomeText(b)}`;
}

/** One line of a recording's tree: its parent (for a fork) or one of its forks, by depth. */
export interface BranchRow {
  kind: 'parent' | 'fork';
  file: string;
  /** The turn where it parts from the recording above it. */
  turn: number;
  depth: number;
  /** The whole line, as `replay --plain` prints it. */
  text: string;
  /** Its file, relative to the recording's folder. */
  name: string;
  /** A fork's end and scores (and whether its user message was edited): what a screen shows first. */
  outcome?: string;
}

/** The tree as rows: the parent first (for a fork), then the forks, each above its own. */
export function branchRows(lineage: Lineage, file: string): BranchRow[] {
  const dir = path.dirname(path.resolve(file));
  const rows: BranchRow[] = [];
  if (lineage.parent) {
    const name = path.relative(dir, lineage.parent.file);
    rows.push({
      kind: 'parent',
      ...lineage.parent,
      depth: 0,
      name,
      text: `a fork of ${name} at turn ${lineage.parent.turn}`,
    });
  }
  const walk = (branches: Branch[], depth: number) => {
    for (const b of branches) {
      rows.push({
        kind: 'fork',
        file: b.file,
        turn: b.turn,
        depth,
        text: branchLine(b, dir),
        name: path.relative(dir, b.file),
        outcome: outcomeText(b) + (b.edited ? EDITED : ''),
      });
      walk(b.branches, depth + 1);
    }
  };
  walk(lineage.branches, 0);
  return rows;
}

/** The tree as text lines, indented by depth. */
export function branchTree(lineage: Lineage, file: string): string[] {
  return branchRows(lineage, file).map((r) => '  '.repeat(r.depth) + r.text);
}

/** Where two recordings part, when one is a fork of the other: the fork turn and which is the fork. */
export function forkPoint(
  a: { file: string; header: RecordingHeader },
  b: { file: string; header: RecordingHeader },
): { turn: number; fork: 'a' | 'b' } | undefined {
  const childOf = (child: typeof a, parent: typeof a) =>
    child.header.fork !== undefined &&
    parentPath(path.resolve(child.file), child.header.fork.parent) === path.resolve(parent.file);
  if (childOf(a, b)) return { turn: a.header.fork!.turn, fork: 'a' };
  if (childOf(b, a)) return { turn: b.header.fork!.turn, fork: 'b' };
  return undefined;
}
