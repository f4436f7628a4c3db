/**
 * One OpenAI SDK client per role. The SDK's own retries are off so that ours can be
 * configured (tests keep the backoff tiny), can honour Retry-After, can say what they are
 * doing as `notice` events, and can also cover streams that break off or go quiet.
 * Every call reports its usage (counted by the server, or estimated) as a `usage` event.
 */
import { setTimeout as delay } from 'node:timers/promises';
import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import {
  DEFAULT_BASE_URL,
  displayUrl,
  type Price,
  type ReadyRoleConfig,
  type ResolvedConfig,
} from '../config/config.ts';
import { requireModelRole } from '../config/config.ts';
import type { BackendEmit } from '../contracts/backends.ts';
import type { BackendInfo, Role, Usage } from '../contracts/events.ts';
import {
  describeFailure,
  formatSeconds,
  isAbort,
  ModelError,
  StreamBrokenError,
  TimeoutError,
  type Endpoint,
} from './errors.ts';
import {
  fromCompletion,
  StreamAccumulator,
  type AssembledMessage,
  type StreamCallbacks,
} from './stream.ts';
import { estimateTokens, toUsage, UsageTotals } from './usage.ts';

/** Longest Retry-After we wait out; a server asking for more is treated as a hard failure. */
const MAX_RETRY_AFTER_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

export interface ChatRequest {
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  stream?: boolean;
  /** Ask for a JSON object (`response_format: json_object`); dropped if the server refuses it. */
  json?: boolean;
}

export interface CallContext {
  turn: number;
  emit: BackendEmit;
  signal: AbortSignal;
  callbacks?: StreamCallbacks;
}

export interface ChatResult extends Omit<AssembledMessage, 'usage'> {
  usage: Usage;
}

/** Request fields some OpenAI-compatible servers refuse; each is dropped once the server says so. */
type Optional = 'stream_options' | 'temperature' | 'response_format';

export class RoleClient {
  readonly endpoint: Endpoint;
  readonly info: BackendInfo;
  readonly totals = new UsageTotals();
  private readonly sdk: OpenAI;
  private readonly cfg: ReadyRoleConfig;
  private readonly price: Price | undefined;
  private readonly dropped = new Set<Optional>();
  private maxTokensField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  constructor(
    readonly role: Role,
    config: ResolvedConfig,
  ) {
    this.cfg = requireModelRole(config, role);
    this.price = config.prices[this.cfg.model];
    const url = displayUrl(this.cfg.baseUrl);
    this.endpoint = {
      role,
      model: this.cfg.model,
      url,
      ...(this.cfg.apiKeyVar ? { keyVar: this.cfg.apiKeyVar } : {}),
      ...(this.cfg.apiKey ? { key: this.cfg.apiKey } : {}),
    };
    this.info = { kind: 'openai', model: this.cfg.model, baseUrl: url };
    this.sdk = sdkFor(config, role, this.cfg);
  }

  get model(): string {
    return this.cfg.model;
  }

  /** The configured wait for one answer (`timeout`), in ms. */
  get timeoutMs(): number {
    return this.cfg.timeoutMs;
  }

  /** One chat completion, with retries; emits `usage` (and `notice` before each retry). */
  async chat(req: ChatRequest, ctx: CallContext): Promise<ChatResult> {
    let retry = 0;
    for (;;) {
      try {
        const message = await this.once(req, ctx);
        const usage = toUsage(
          message.usage,
          () => ({
            input: estimateTokens({ messages: req.messages, tools: req.tools }),
            output: estimateTokens(
              message.content + message.toolCalls.map((c) => c.name + c.arguments).join(''),
            ),
          }),
          this.price,
        );
        this.totals.add(usage);
        ctx.emit({ type: 'usage', turn: ctx.turn, role: this.role, model: this.cfg.model, usage });
        return { ...message, usage };
      } catch (err) {
        if (ctx.signal.aborted) throw abortReason(ctx.signal);
        const failure = describeFailure(err, this.endpoint);
        if (this.adapt(failure, ctx)) continue;
        if (!failure.retryable || retry >= this.cfg.retries)
          throw new ModelError(
            retry
              ? `${failure.message} (gave up after ${retry} ${retry === 1 ? 'retry' : 'retries'})`
              : failure.message,
            false,
            undefined,
            failure.status,
          );
        retry++;
        const wait = failure.retryAfterMs ?? backoff(this.cfg.retryDelayMs, retry);
        if (wait > MAX_RETRY_AFTER_MS)
          throw new ModelError(
            `${failure.message}; the server asks to wait ${formatSeconds(wait)}, giving up`,
            false,
            undefined,
            failure.status,
          );
        ctx.emit({
          type: 'notice',
          turn: ctx.turn,
          level: 'warning',
          text: `${failure.message}; retrying in ${formatSeconds(wait)} (retry ${retry} of ${this.cfg.retries})`,
        });
        await delay(wait, undefined, { signal: ctx.signal }).catch(() => {
          throw abortReason(ctx.signal);
        });
      }
    }
  }

  private async once(req: ChatRequest, ctx: CallContext): Promise<AssembledMessage> {
    // Our own watchdog: the SDK's timeout stops at the response headers; ours also covers
    // a non-streamed body, and a stream that goes quiet. A chunk only notes the time (cheap);
    // the timer checks it when it fires and waits out the rest if data came meanwhile.
    const watchdog = new AbortController();
    const limit = this.cfg.timeoutMs;
    let timedOut = false;
    let lastData = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      const quiet = performance.now() - lastData;
      if (quiet < limit) {
        timer = setTimeout(check, limit - quiet);
        return;
      }
      timedOut = true;
      watchdog.abort();
    };
    timer = setTimeout(check, limit);
    const stopped = () => {
      if (ctx.signal.aborted) throw abortReason(ctx.signal);
      if (timedOut) throw new TimeoutError(this.cfg.timeoutMs);
    };
    const options = {
      signal: AbortSignal.any([ctx.signal, watchdog.signal]),
      timeout: this.cfg.timeoutMs,
      maxRetries: 0,
    };
    try {
      if (req.stream) {
        const stream = await this.sdk.chat.completions.create(
          {
            ...this.body(req),
            stream: true,
            ...(this.dropped.has('stream_options')
              ? {}
              : { stream_options: { include_usage: true } }),
          },
          options,
        );
        const acc = new StreamAccumulator(ctx.callbacks);
        for await (const chunk of stream) {
          lastData = performance.now();
          acc.add(chunk);
        }
        // The SDK ends the iteration quietly when the request is aborted.
        stopped();
        if (!acc.chunks) throw new StreamBrokenError('the stream ended before any data arrived');
        // As in the non-streamed path: no choice at all is a broken answer, not an empty reply.
        if (!acc.choiceChunks)
          throw new StreamBrokenError('the stream held no message (only empty `choices`)');
        return acc.result();
      }
      const completion = await this.sdk.chat.completions.create(
        { ...this.body(req), stream: false },
        options,
      );
      const message = fromCompletion(completion);
      if (!message) throw new StreamBrokenError('the answer held no message (empty `choices`)');
      return message;
    } catch (err) {
      if (isAbort(err) || timedOut || ctx.signal.aborted) stopped();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private body(req: ChatRequest) {
    const { temperature, maxTokens } = this.cfg;
    return {
      model: this.cfg.model,
      messages: req.messages,
      ...(req.tools?.length ? { tools: req.tools } : {}),
      ...(temperature !== undefined && !this.dropped.has('temperature') ? { temperature } : {}),
      ...(maxTokens !== undefined ? { [this.maxTokensField]: maxTokens } : {}),
      ...(req.json && !this.dropped.has('response_format')
        ? { response_format: { type: 'json_object' as const } }
        : {}),
    };
  }

  /** A 400 that names a parameter this server does not take: drop (or rename) it and ask again. */
  private adapt(failure: ModelError, ctx: CallContext): boolean {
    if (failure.status !== 400 && failure.status !== 422) return false;
    const text = failure.message;
    if (
      this.maxTokensField === 'max_tokens' &&
      this.cfg.maxTokens !== undefined &&
      /max_completion_tokens/.test(text)
    ) {
      this.maxTokensField = 'max_completion_tokens';
      return true;
    }
    for (const field of ['stream_options', 'response_format', 'temperature'] as const) {
      if (this.dropped.has(field) || !text.includes(field)) continue;
      this.dropped.add(field);
      const why =
        field === 'stream_options'
          ? 'token counts for streamed answers are estimated'
          : `${field} is left out`;
      ctx.emit({
        type: 'notice',
        turn: ctx.turn,
        level: 'info',
        text: `the ${this.role} endpoint does not accept ${field}: ${why}`,
      });
      return true;
    }
    return false;
  }
}

/** SDK clients by run configuration and role: every session of a run reuses its role's client. */
const sdkClients = new WeakMap<ResolvedConfig, Map<Role, OpenAI>>();

function sdkFor(config: ResolvedConfig, role: Role, cfg: ReadyRoleConfig): OpenAI {
  let byRole = sdkClients.get(config);
  if (!byRole) sdkClients.set(config, (byRole = new Map()));
  let sdk = byRole.get(role);
  if (!sdk) {
    sdk = new OpenAI({
      // Keyless local servers (vLLM, Ollama) ignore the header; the SDK insists on a value.
      apiKey: cfg.apiKey ?? 'no-key',
      baseURL: cfg.baseUrl ?? DEFAULT_BASE_URL,
      maxRetries: 0,
      timeout: cfg.timeoutMs,
      organization: null,
      project: null,
      webhookSecret: null,
      // The SDK's logger can print request details; keys must never reach a log.
      logLevel: 'off',
    });
    byRole.set(role, sdk);
  }
  return sdk;
}

function backoff(baseMs: number, retry: number): number {
  const jitter = 1 - Math.random() * 0.25;
  return Math.min(baseMs * 2 ** (retry - 1), MAX_BACKOFF_MS) * jitter;
}

/** What to throw when the caller cancelled: its own reason (the engine tells pause, end and quit apart). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('aborted');
  err.name = 'AbortError';
  return err;
}
