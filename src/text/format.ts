/** Short human forms of things both the TUI and the plain transcript show. */
import type { BackendInfo, FileDiff, Role } from '../contracts/events.ts';
import { oneLine, sanitize, truncate } from './text.ts';

export function fmtScore(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(2);
}

export function fmtTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function fmtCost(usd: number): string {
  if (usd === 0) return '$0';
  return `$${usd.toFixed(usd < 0.01 ? 4 : 2)}`;
}

export function fmtBackend(b: BackendInfo | undefined): string {
  if (!b) return '?';
  const name = b.name ? `${b.kind}:${b.name}` : b.kind;
  return b.model ? `${name} (${b.model})` : name;
}

export function fmtBackends(backends: Record<Role, BackendInfo> | undefined): string {
  if (!backends) return '';
  return (['agent', 'user', 'judge'] as const)
    .map((r) => `${r} ${fmtBackend(backends[r])}`)
    .join(' · ');
}

/** `path="notes/a.md", content="# Plan…"`: arguments on one line. */
export function fmtArgs(args: unknown, cols = 60): string {
  if (args === undefined || args === null) return '';
  if (typeof args !== 'object') return truncate(JSON.stringify(args), cols);
  const parts = Object.entries(args as Record<string, unknown>).map(
    ([k, v]) =>
      `${k}=${typeof v === 'string' ? JSON.stringify(truncate(v, 40)) : truncate(JSON.stringify(v) ?? '', 40)}`,
  );
  return truncate(parts.join(' '), cols);
}

/** ` · 2 app writes tried before acceptance`: intentplay's own count in a proposal scenario's scores, when there were any. */
export function earlyWrites(p: { writes_before_acceptance?: number }): string {
  const n = p.writes_before_acceptance;
  return n
    ? ` · ${n} app write${n === 1 ? '' : 's'} tried before acceptance (intentplay's count)`
    : '';
}

/** A permission request's tool arguments on one line, as the agent sent them: what a person approves. */
export function fmtPermissionInput(input: unknown, cols = 200): string {
  if (input === undefined) return 'no arguments sent';
  return truncate(oneLine(typeof input === 'string' ? input : (JSON.stringify(input) ?? '')), cols);
}

/** A tool result in a few words: first line of text, or the JSON shape. */
export function fmtResult(result: unknown, cols = 60): string {
  if (result === undefined) return '';
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return truncate(
    sanitize(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '',
    cols,
  );
}

/** Pretty multi-line form of a value, for an expanded tool call. */
export function prettyValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
}

export function fmtFileChange(f: FileDiff): string {
  const letter = { added: 'A', deleted: 'D', modified: 'M' }[f.change];
  return `${letter} ${f.path} +${f.additions} -${f.deletions}`;
}

/** Lines of a unified diff worth showing: hunks and their lines, without the file header noise. */
export function diffBody(patch: string): string[] {
  return patch
    .split('\n')
    .filter((l) => !/^(Index: |={10,}|--- |\+\+\+ |\\ No newline)/.test(l) && l !== '');
}

/** `2026-05-05T09:00:00+08:00` → `May 5 09:00` (the scenario's own offset, as written). */
export function shortTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!m) return iso;
  const month = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ][Number(m[2]) - 1];
  return `${month} ${Number(m[3])} ${m[4]}:${m[5]}`;
}

/** "1 checklist item", "3 checklist items": a count with its noun (plural by an s). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** "1 hidden intent", "3 hidden intents". */
export function hiddenIntents(n: number): string {
  return counted(n, 'hidden intent');
}
