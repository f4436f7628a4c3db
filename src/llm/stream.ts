/**
 * Accumulates a streamed chat completion into one message, tolerating what real
 * OpenAI-compatible servers send: tool-call deltas without `index`, parallel calls that
 * all say index 0, no `finish_reason`, a usage chunk with empty `choices`, arguments
 * sent as an object, and a stream that stops mid-message (we keep what arrived).
 */
import { errorMessage } from '../contracts/errors.ts';
import { randomUUID } from 'node:crypto';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';

export interface ToolCallDraft {
  id: string;
  name: string;
  /** Raw argument text as the model wrote it; may not be JSON. */
  arguments: string;
}

export interface AssembledMessage {
  content: string;
  toolCalls: ToolCallDraft[];
  /** As the server said it; null when it never did. */
  finishReason: string | null;
  usage?: CompletionUsage;
}

export interface StreamCallbacks {
  onText?(delta: string): void;
  onToolArgs?(call: ToolCallDraft, delta: string): void;
}

type ToolDelta = { index?: number; id?: string; function?: { name?: string; arguments?: unknown } };

interface Slot extends ToolCallDraft {
  index?: number;
  /** The id the server sent, when a second call reusing it got a fresh one of its own. */
  sentId?: string;
}

export function newCallId(): string {
  return `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

export class StreamAccumulator {
  private content = '';
  private readonly calls: Slot[] = [];
  private finishReason: string | null = null;
  private usage?: CompletionUsage;
  /** Chunks received: zero means the stream gave us nothing at all. */
  chunks = 0;
  /** Chunks that held a choice: zero means only usage (or nothing) came, never a message. */
  choiceChunks = 0;

  constructor(private readonly callbacks: StreamCallbacks = {}) {}

  add(chunk: ChatCompletionChunk): void {
    this.chunks++;
    if (chunk.usage) this.usage = chunk.usage;
    // Servers with n=1 send one choice; an empty list is the usage-only final chunk.
    const choice = chunk.choices?.[0];
    if (!choice) return;
    this.choiceChunks++;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string' && delta.content) {
      this.content += delta.content;
      this.callbacks.onText?.(delta.content);
    }
    for (const tc of (delta.tool_calls ?? []) as ToolDelta[]) this.addToolDelta(tc);
    // The legacy single `function_call` field, still sent by some servers.
    if (delta.function_call) this.addToolDelta({ function: delta.function_call });
  }

  private addToolDelta(tc: ToolDelta): void {
    const slot = this.slotFor(tc);
    const name = tc.function?.name;
    if (name && !slot.name) slot.name = name;
    else if (name && name !== slot.name && !slot.arguments) slot.name += name; // a name sent in pieces
    const args = tc.function?.arguments;
    let piece = typeof args === 'string' ? args : JSON.stringify(args);
    if (args === undefined || args === null) piece = '';
    if (piece) {
      slot.arguments += piece;
      this.callbacks.onToolArgs?.(slot, piece);
    }
  }

  /** Which call a delta belongs to: by id when it has one, else by index, else the latest call. */
  private slotFor(tc: ToolDelta): Slot {
    if (tc.id) {
      const sameId = this.calls.filter((c) => (c.sentId ?? c.id) === tc.id);
      // Some servers reuse one id for parallel calls told apart only by `index`.
      const known = sameId.find(
        (c) => c.index === undefined || tc.index === undefined || c.index === tc.index,
      );
      if (known) return known;
      if (sameId.length === 0) return this.open(tc.id, tc.index);
      const slot = this.open(undefined, tc.index);
      slot.sentId = tc.id;
      return slot;
    }
    const index = typeof tc.index === 'number' ? tc.index : undefined;
    const candidate =
      index === undefined ? this.calls.at(-1) : findLast(this.calls, (c) => c.index === index);
    // A delta that names a tool after the candidate's arguments began starts a new call
    // (servers that number every parallel call 0, or number none).
    if (!candidate || (tc.function?.name && candidate.name && candidate.arguments))
      return this.open(undefined, index);
    return candidate;
  }

  private open(id: string | undefined, index: number | undefined): Slot {
    const slot: Slot = {
      id: id ?? newCallId(),
      name: '',
      arguments: '',
      ...(index !== undefined ? { index } : {}),
    };
    this.calls.push(slot);
    return slot;
  }

  result(): AssembledMessage {
    return {
      content: this.content,
      toolCalls: this.calls
        .filter((c) => c.name || c.arguments)
        .map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
      finishReason: this.finishReason,
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}

function findLast<T>(list: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return list[i];
  return undefined;
}

/** The same shape from a non-streamed completion (arguments may arrive as an object there too). */
export function fromCompletion(completion: ChatCompletion): AssembledMessage | undefined {
  const choice = completion.choices?.[0];
  if (!choice?.message) return undefined;
  const message = choice.message as {
    content?: unknown;
    tool_calls?: { id?: string; function?: { name?: string; arguments?: unknown } }[];
  };
  const toolCalls = (message.tool_calls ?? [])
    .filter((c) => c.function)
    .map((c) => ({
      id: c.id || newCallId(),
      name: c.function?.name ?? '',
      arguments:
        typeof c.function?.arguments === 'string'
          ? c.function.arguments
          : JSON.stringify(c.function?.arguments ?? {}),
    }));
  return {
    content: textOf(message.content),
    toolCalls,
    finishReason: choice.finish_reason ?? null,
    ...(completion.usage ? { usage: completion.usage } : {}),
  };
}

/** Message content as text: a string, or (some servers) a list of text parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
    .join('');
}

/** Parses tool arguments; an empty string is `{}`. */
export function parseArguments(
  raw: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!raw.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
}
