/**
 * The unit of batch work: one run group (episode or dependency chain) in one repeat. A
 * unit's sessions share a workspace, so a unit runs, resumes and shards as a whole.
 */
import picomatch from 'picomatch';
import { UserError } from '../contracts/diagnostics.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import { dependencyChain, type RunGroup } from '../session/plan.ts';
import { compareText } from '../contracts/order.ts';

export interface RunUnit {
  group: RunGroup;
  repeat: number;
  deps: boolean;
  /** Stable identity across machines and restarts. */
  key: string;
}

export function unitKey(groupId: string, repeat: number, deps: boolean): string {
  return `${deps ? 'deps' : 'nodeps'}|${groupId}|r${repeat}`;
}

export function makeUnits(groups: readonly RunGroup[], repeats: number, deps: boolean): RunUnit[] {
  const units: RunUnit[] = [];
  for (let repeat = 0; repeat < repeats; repeat++)
    for (const group of groups)
      units.push({ group, repeat, deps, key: unitKey(group.id, repeat, deps) });
  return units;
}

// ---- --shard I/N

export interface Shard {
  index: number; // 1-based, as typed
  count: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw new Error(`expected I/N with 1 ≤ I ≤ N (for example 2/4), got ${JSON.stringify(text)}`);
  return { index, count };
}

/**
 * Shard I of N: the units sorted by key in code-point order, dealt round-robin. The key
 * holds only ids and the repeat number, so every machine computes the same partition.
 */
export function shardUnits(units: readonly RunUnit[], shard: Shard): RunUnit[] {
  return [...units]
    .sort((a, b) => compareText(a.key, b.key))
    .filter((_, i) => i % shard.count === shard.index - 1);
}

// ---- --filter

export type FilterField = 'persona' | 'category' | 'id';
export interface Filter {
  field: FilterField | 'any';
  patterns: string[];
  text: string;
}

const FIELDS: readonly FilterField[] = ['persona', 'category', 'id'];

/** `persona:P`, `category:C`, `id:GLOB`, or a bare GLOB matching any of them; commas separate alternatives. */
export function parseFilter(text: string): Filter {
  const m = /^([a-z]+):(.*)$/.exec(text);
  const field = m ? m[1]! : 'any';
  if (m && !FIELDS.includes(field as FilterField))
    throw new Error(
      `unknown filter field "${field}" in ${JSON.stringify(text)}; use persona:, category: or id:`,
    );
  const patterns = (m ? m[2]! : text)
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!patterns.length) throw new Error(`empty filter ${JSON.stringify(text)}`);
  return { field: field as Filter['field'], patterns, text };
}

function fieldValues(s: LoadedScenario, field: Filter['field']): string[] {
  const values = { persona: [s.persona], category: s.category ? [s.category] : [], id: [s.id] };
  return field === 'any' ? [...values.persona, ...values.category, ...values.id] : values[field];
}

/** Filters of one field are alternatives (OR); filters of different fields must all hold (AND). */
export function scenarioMatcher(filters: readonly Filter[]): (s: LoadedScenario) => boolean {
  const tests = filters.map((f) => ({ f, isMatch: picomatch(f.patterns, { nocase: true }) }));
  const fields = [...new Set(filters.map((f) => f.field))];
  return (s) =>
    fields.every((field) =>
      tests.some((t) => t.f.field === field && fieldValues(s, field).some((v) => t.isMatch(v))),
    );
}

/**
 * Keeps the sessions the filters select and, unless `noDeps`, the sessions they depend on
 * (they must run first, in the same workspace). Groups left empty are dropped.
 */
export function filterGroups(
  groups: readonly RunGroup[],
  filters: readonly Filter[],
  noDeps: boolean,
): RunGroup[] {
  if (!filters.length) return [...groups];
  const matches = scenarioMatcher(filters);
  const out: RunGroup[] = [];
  for (const group of groups) {
    const keep = new Set<string>();
    for (const s of group.sessions.filter(matches)) {
      if (noDeps) keep.add(s.id);
      else for (const d of dependencyChain(group.library, s.id)) keep.add(d.id);
    }
    const sessions = group.sessions.filter((s) => keep.has(s.id));
    if (sessions.length) out.push({ ...group, sessions });
  }
  if (!out.length)
    throw new UserError(
      `no scenario matches ${filters.map((f) => `--filter ${f.text}`).join(' ')}`,
    );
  return out;
}
