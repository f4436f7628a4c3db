/**
 * Access tokens: every page and socket of `serve` names one in its address. A token is 32 random
 * bytes (base64url); the server keeps only their SHA-256 digests, looked up in a map, so a
 * guess tells nothing about how close it came.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens and what each opens. */
export class TokenTable<T> {
  private readonly byDigest = new Map<string, T>();

  add(token: string, grant: T): void {
    this.byDigest.set(digest(token), grant);
  }

  /** What the token opens, or undefined for a wrong or malformed one. */
  find(token: string | undefined): T | undefined {
    if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return this.byDigest.get(digest(token));
  }
}
