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
  return out.sort((a, b) => a.turn - b.turn || a.file.localeCompare(b.file));
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

/** One branch as a line: `↳ fork at turn 1 → file  ended  Proc 0.14  Comp 0.13`. */
export function branchLine(b: Branch, relativeTo: string): string {
  const name = path.relative(relativeTo, b.file) || path.basename(b.file);
  const how = b.end ? `${b.end}, ${b.scores?.turns ?? '?'} turns` : 'unfinished';
  const edit = b.edited ? ' (user message edited)' : '';
  return `↳ fork at turn ${b.turn} → ${name}${edit}  ${how}  Proc ${fixed(b.scores?.proc)}  Comp ${fixed(b.scores?.comp)}`;
}

/** The tree as text lines, indented by depth. */
export function branchTree(lineage: Lineage, file: string): string[] {
  const dir = path.dirname(path.resolve(file));
  const lines: string[] = [];
  if (lineage.parent)
    lines.push(
      `a fork of ${path.relative(dir, lineage.parent.file)} at turn ${lineage.parent.turn}`,
    );
  const walk = (branches: Branch[], indent: string) => {
    for (const b of branches) {
      lines.push(indent + branchLine(b, dir));
      walk(b.branches, indent + '  ');
    }
  };
  walk(lineage.branches, '');
  return lines;
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
