/**
 * Plain-text renderings of a session for prompts: the conversation, tool calls, files.
 * Everything is clipped so that a long session cannot blow up a prompt.
 */
import type { ToolCallRecord, TranscriptEntry } from '../contracts/backends.ts';
import { compareText } from '../contracts/order.ts';

export function clip(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

export function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export interface TranscriptView {
  /** Whose eyes: the user sees no tool calls. */
  audience: 'judge' | 'user';
  /** Characters kept per message. */
  perMessage?: number;
  /** Characters kept per tool result (judge only). */
  perToolResult?: number;
}

/** The conversation as labelled lines; the judge also sees tool calls and their results. */
export function renderTranscript(
  transcript: readonly TranscriptEntry[],
  view: TranscriptView,
): string {
  const perMessage = view.perMessage ?? 4000;
  const lines: string[] = [];
  for (const e of transcript) {
    switch (e.kind) {
      case 'user':
        lines.push(
          `[turn ${e.turn}] ${view.audience === 'user' ? 'YOU' : 'USER'}: ${clip(e.text, perMessage)}`,
        );
        break;
      case 'event':
        lines.push(
          `[turn ${e.turn}] EVENT${e.source ? ` (${e.source})` : ''}: ${clip(e.text, perMessage)}`,
        );
        break;
      case 'monitor':
        if (view.audience === 'judge')
          lines.push(`[turn ${e.turn}] MONITOR (${e.at}): ${clip(e.text, perMessage)}`);
        break;
      case 'agent':
        lines.push(`[turn ${e.turn}] ASSISTANT: ${clip(e.text, perMessage)}`);
        break;
      case 'tool':
        if (view.audience === 'judge')
          lines.push(
            `[turn ${e.turn}] TOOL CALL ${renderCall(e.name, e.args, e.outcome.ok, e.outcome.ok ? e.outcome.result : e.outcome.error, view.perToolResult ?? 800)}`,
          );
        break;
    }
  }
  return lines.join('\n');
}

export function renderCall(
  name: string,
  args: unknown,
  ok: boolean,
  result: unknown,
  perResult: number,
): string {
  return `${name}(${clip(stringify(args), 600)}) -> ${ok ? 'ok' : 'error'}: ${clip(stringify(result), perResult)}`;
}

export function renderToolCalls(calls: readonly ToolCallRecord[], perResult = 1500): string {
  if (!calls.length) return '(no tool calls)';
  return calls
    .map(
      (c, i) =>
        `${i + 1}. ${renderCall(c.name, c.args, c.ok, c.ok ? c.result : c.error, perResult)}`,
    )
    .join('\n');
}

/** Files with their content, within a total character budget. */
export function renderFiles(
  files: ReadonlyMap<string, string>,
  perFile = 6000,
  budget = 40_000,
): string {
  if (!files.size) return '(none)';
  const parts: string[] = [];
  let left = budget;
  for (const [path, content] of [...files].sort(([a], [b]) => compareText(a, b))) {
    if (left <= 0) {
      parts.push(`--- ${path} (not shown: over the size budget)`);
      continue;
    }
    const shown = clip(content, Math.min(perFile, left));
    left -= shown.length;
    parts.push(`--- ${path}\n${shown}`);
  }
  return parts.join('\n');
}

export function renderApps(apps: Record<string, unknown>, max = 6000): string {
  const names = Object.keys(apps);
  if (!names.length) return '';
  return clip(JSON.stringify(apps, null, 1), max);
}
