/**
 * Turns whatever a model call threw into a message a person can act on: which role,
 * which endpoint, what went wrong, and whether retrying can help. Never the key.
 */
import { scrub } from '../config/secrets.ts';
import { IntentplayError } from '../contracts/errors.ts';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Role } from '../contracts/events.ts';

/** A model call failed; `retryable` says whether backing off and trying again can help. */
export class ModelError extends IntentplayError {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** What the server asked us to wait (Retry-After), in ms. */
    readonly retryAfterMs?: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The stream stopped before the reply began, or broke off mid-way. */
export class StreamBrokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamBrokenError';
  }
}

/** Our own timer fired (a request without an answer, or a stream gone quiet). */
export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${formatSeconds(ms)}`);
    this.name = 'TimeoutError';
  }
}

export interface Endpoint {
  role: Role;
  model: string;
  /** Shown as is: already stripped of credentials. */
  url: string;
  keyVar?: string;
  key?: string;
}

export function isAbort(err: unknown): boolean {
  return err instanceof APIUserAbortError || (err instanceof Error && err.name === 'AbortError');
}

/** Removes the key, and anything shaped like one, from text a server sent back. */
export function redact(text: string, key?: string): string {
  let out = scrub(key && key.length >= 4 ? text.split(key).join('[key]') : text);
  out = out.replace(/\b(sk|pk|rk)-[A-Za-z0-9_*-]{6,}/g, '$1-…');
  return out.replace(/Bearer\s+\S+/gi, 'Bearer …');
}

export function describeFailure(err: unknown, ep: Endpoint): ModelError {
  if (err instanceof ModelError) return err;
  const where = `the ${ep.role} endpoint ${ep.url}`;
  if (err instanceof TimeoutError)
    return new ModelError(`${where} timed out (${err.message})`, true);
  if (err instanceof APIConnectionTimeoutError) return new ModelError(`${where} timed out`, true);
  if (err instanceof APIConnectionError)
    return new ModelError(`cannot reach ${where}: ${redact(causeOf(err), ep.key)}`, true);
  if (err instanceof StreamBrokenError) return new ModelError(`${where}: ${err.message}`, true);
  if (err instanceof APIError && typeof err.status === 'number') return describeStatus(err, ep);
  if (err instanceof APIError)
    return new ModelError(`${where} reported an error mid-stream: ${serverMessage(err, ep)}`, true);
  // Anything else from reading a body (a reset socket, a truncated SSE line) is a broken stream.
  return new ModelError(
    `${where}: the answer broke off (${redact((err as Error)?.message ?? String(err), ep.key)})`,
    true,
  );
}

function describeStatus(err: APIError, ep: Endpoint): ModelError {
  const where = `the ${ep.role} endpoint ${ep.url}`;
  const status = err.status as number;
  switch (status) {
    case 401:
      // The body of a 401 often echoes part of the key: leave it out entirely.
      return new ModelError(
        `${where} rejected the API key (HTTP 401): ${ep.keyVar ? `check $${ep.keyVar}` : 'no API key is set; set $OPENAI_API_KEY or $INTENTPLAY_' + ep.role.toUpperCase() + '_API_KEY'}`,
        false,
        undefined,
        401,
      );
    case 403:
      return new ModelError(
        `${where} refused access (HTTP 403): ${serverMessage(err, ep)}`,
        false,
        undefined,
        403,
      );
    case 404:
      return new ModelError(
        `${where} answered 404 Not Found for model \`${ep.model}\`: check the model name, and that the base URL is right (it usually ends in /v1)${detail(err, ep)}`,
        false,
        undefined,
        404,
      );
    default: {
      const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
      let what = status >= 500 ? 'had a server error' : 'rejected the request';
      if (status === 429) what = 'is rate limiting';
      return new ModelError(
        `${where} ${what} (HTTP ${status})${detail(err, ep)}`,
        retryable,
        retryAfter(err.headers),
        status,
      );
    }
  }
}

function detail(err: APIError, ep: Endpoint): string {
  const m = serverMessage(err, ep);
  return m ? `: ${m}` : '';
}

/** The server's own words, without the SDK's "404 status code (no body)" prefix. */
function serverMessage(err: APIError, ep: Endpoint): string {
  const body = err.error as { message?: unknown } | undefined;
  const raw =
    typeof body?.message === 'string' ? body.message : err.message.replace(/^\d{3}\s*/, '');
  const text = redact(raw, ep.key).replace(/\s+/g, ' ').trim();
  return text === 'status code (no body)' ? '' : text.slice(0, 300);
}

function causeOf(err: APIConnectionError): string {
  const cause = (
    err as {
      cause?: { message?: string; code?: string; cause?: { code?: string; message?: string } };
    }
  ).cause;
  const code = cause?.cause?.code ?? cause?.code;
  return code ? `${code}` : (cause?.cause?.message ?? cause?.message ?? err.message);
}

/** Retry-After in seconds or as an HTTP date, or OpenAI's retry-after-ms; undefined when absent. */
export function retryAfter(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
