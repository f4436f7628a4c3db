/**
 * What π-Bench's rubric grader sees of one agent turn (docs/pibench.md): the turn's
 * messages, a `<tool_trace_extracts>` block with, for each `objectives.tools` entry, the
 * value at each listed `call`/`result` dotted path of the LAST call of that tool in the
 * turn, and the `files_read` files as they are after the run.
 *
 * π-Bench renders this from a `trace_history.yaml` config that is not in its repository,
 * so these choices are ours (docs/pibench.md §Rubric inputs): every message of the turn
 * is shown, tool calls and results included but each cut to TOOL_TEXT_LIMIT characters;
 * no reasoning (intentplay records none); files cut to FILE_TEXT_LIMIT characters; tool
 * names in extracts match with or without the `mcp_appworld_` prefix.
 */
import type { ToolCallRecord, TranscriptEntry } from '../contracts/backends.ts';
import type { ScenarioFile } from '../scenario/schema.ts';
import { bareToolName } from '../scenario/pibench/tool-names.ts';
import { toolRecord } from './tool-records.ts';

export const TOOL_TEXT_LIMIT = 1_000;
export const FILE_TEXT_LIMIT = 20_000;

type PibenchFields = NonNullable<ScenarioFile['pibench']>;

export interface TurnTraceInput {
  /** The agent turn to render (1-based). */
  turn: number;
  transcript: readonly TranscriptEntry[];
  /** The session's tool calls (with turn numbers): the source of the extracts. */
  toolCalls: readonly ToolCallRecord[];
  /** Workspace text files after the run, by relative path (SessionEvidence.files). */
  files: ReadonlyMap<string, string>;
  pibench?: PibenchFields | undefined;
}

export interface PathExtract {
  /** `call.<path>` or `result.<path>`. */
  path: string;
  status: 'ok' | 'missing';
  value?: unknown;
}

export interface ToolExtract {
  tool: string;
  called: boolean;
  values: PathExtract[];
}

/** An array's item at a path segment: only a plain index names one. */
function arrayItem(items: unknown[], seg: string): unknown {
  return /^\d+$/.test(seg) ? items[Number(seg)] : undefined;
}

/** The value at a dotted path (`response.items.0.id`), or a miss. */
export function valueAtPath(root: unknown, dotted: string): { found: boolean; value?: unknown } {
  let v: unknown = root;
  for (const seg of dotted.split('.').filter(Boolean)) {
    if (v === null || typeof v !== 'object') return { found: false };
    const next = Array.isArray(v) ? arrayItem(v, seg) : (v as Record<string, unknown>)[seg];
    if (next === undefined) return { found: false };
    v = next;
  }
  return { found: true, value: v };
}

/** The extracts of one turn's calls for the task's `objectives.tools`. */
export function extractToolTrace(
  calls: readonly ToolCallRecord[],
  specs: PibenchFields['tools'],
): ToolExtract[] {
  return (specs ?? []).map((spec) => {
    const wanted = bareToolName(spec.name);
    const last = [...calls].reverse().find((c) => bareToolName(c.name) === wanted);
    const record = last ? toolRecord(last) : undefined;
    const values: PathExtract[] = [];
    for (const [side, paths] of [
      ['call', spec.call],
      ['result', spec.result],
    ] as const)
      for (const p of paths ?? []) {
        const hit = record
          ? valueAtPath(side === 'call' ? record.call : record.result, p)
          : { found: false };
        values.push({
          path: `${side}.${p}`,
          status: hit.found ? 'ok' : 'missing',
          ...(hit.found ? { value: hit.value } : {}),
        });
      }
    return { tool: spec.name, called: Boolean(record), values };
  });
}

/** Agent turns present in a transcript, in order. */
export function agentTurns(transcript: readonly TranscriptEntry[]): number[] {
  return [...new Set(transcript.filter((e) => e.kind === 'agent').map((e) => e.turn))];
}

/** One turn as π-Bench's grader reads it. */
export function renderTurnTrace(input: TurnTraceInput): string {
  const { turn, pibench } = input;
  const out: string[] = [`<turn index="${turn}">`, '<messages>'];
  for (const e of input.transcript) {
    if (e.turn !== turn) continue;
    if (e.kind === 'user') out.push(`[user]\n${e.text}`);
    else if (e.kind === 'event')
      out.push(`[environment${e.source ? `: ${e.source}` : ''}]\n${e.text}`);
    else if (e.kind === 'agent') out.push(`[assistant]\n${e.text}`);
    else if (e.kind === 'monitor') out.push(`[monitor ${e.at}]\n${e.text}`);
    else {
      out.push(`[tool call] ${e.name} ${clip(json(e.args), TOOL_TEXT_LIMIT)}`);
      out.push(
        e.outcome.ok
          ? `[tool result] ${e.name}: ${clip(json(e.outcome.result), TOOL_TEXT_LIMIT)}`
          : `[tool error] ${e.name}: ${clip(e.outcome.error, TOOL_TEXT_LIMIT)}`,
      );
    }
  }
  out.push('</messages>');
  if (pibench?.tools?.length) {
    out.push('<tool_trace_extracts>');
    for (const x of extractToolTrace(
      input.toolCalls.filter((c) => c.turn === turn),
      pibench.tools,
    )) {
      if (!x.called) {
        out.push(`<tool name="${x.tool}" status="not_called"/>`);
        continue;
      }
      out.push(`<tool name="${x.tool}" status="called">`);
      for (const v of x.values)
        out.push(
          v.status === 'ok'
            ? `${v.path} (ok): ${clip(json(v.value), TOOL_TEXT_LIMIT)}`
            : `${v.path} (missing)`,
        );
      out.push('</tool>');
    }
    out.push('</tool_trace_extracts>');
  }
  if (pibench?.files_read?.length) out.push(renderFilesRead(pibench.files_read, input.files));
  out.push('</turn>');
  return out.join('\n');
}

/**
 * The `files_read` files as π-Bench inlines them (missing ones marked). Its satisfaction
 * judge sees these too, next to the latest reply.
 */
export function renderFilesRead(
  filesRead: readonly string[],
  files: ReadonlyMap<string, string>,
): string {
  const out = ['<files_read>'];
  for (const f of filesRead) {
    const text = files.get(f.replace(/^\.\//, ''));
    if (text === undefined) out.push(`<file path="${f}" status="missing"/>`);
    else out.push(`<file path="${f}" status="ok">\n${clip(text, FILE_TEXT_LIMIT)}\n</file>`);
  }
  out.push('</files_read>');
  return out.join('\n');
}

/** Every agent turn of a session, rendered: the grader is asked once per turn and a criterion passes if any turn passes. */
export function renderTraces(
  input: Omit<TurnTraceInput, 'turn'>,
): { turn: number; text: string }[] {
  return agentTurns(input.transcript).map((turn) => ({
    turn,
    text: renderTurnTrace({ ...input, turn }),
  }));
}

function json(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function clip(text: string, limit: number): string {
  return text.length > limit
    ? `${text.slice(0, limit)}… [${text.length - limit} more characters]`
    : text;
}
