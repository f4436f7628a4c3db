/**
 * The one place secrets are blanked. Every API key and every credential in a base URL is
 * registered when the config is resolved; `scrub` then removes from any text the secret
 * itself, its base64 forms (as a server may echo an Authorization header), and any piece of
 * them of PIECE characters or more (a head or a tail an error body quotes). Engine events
 * pass through here before anything records, prints or draws them (session/group.ts).
 */

/** Pieces shorter than this are not blanked (a random 8-character run does not occur by chance in prose). */
const PIECE = 8;
const MIN_SECRET = 8;
export const BLANK = '[secret]';

const secrets = new Set<string>();
/**
 * Every piece of every registered secret. Kept up to date as secrets come (an acp session adds
 * its MCP token as it starts): rebuilt whole on the next scrub instead, it cost a session's
 * first event, often inside the agent's first MCP call, more with every session a run had had.
 */
const pieces = new Set<string>();

/** Model keys and endpoint credentials intentplay resolved: an agent process it starts is not given them. */
const modelKeys = new Set<string>();

/** A key or credential of a model endpoint: a secret, and kept from the agents' environment. */
export function registerModelKey(secret: string | undefined): void {
  registerSecret(secret);
  if (secret) modelKeys.add(secret);
}

/** The environment without the variables that hold a model key intentplay resolved (an acp agent brings its own). */
export function withoutModelKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => !(value && modelKeys.has(value))),
  );
}

/** Adds a secret (ignored when too short to be one). */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < MIN_SECRET || secrets.has(secret)) return;
  secrets.add(secret);
  addPieces(secret);
}

/** The credentials a URL carries: user, password, and key-like query parameter values. */
export function urlSecrets(
  url: string | undefined,
  isSecretParam: (name: string) => boolean,
): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    return [
      decodeURIComponent(u.username),
      decodeURIComponent(u.password),
      ...[...u.searchParams].filter(([k]) => isSecretParam(k)).map(([, v]) => v),
    ].filter(Boolean);
  } catch {
    return [];
  }
}

function forms(secret: string): string[] {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const all = [secret, b64(secret), b64(`:${secret}`), b64(`${secret}:`)];
  return [
    ...all,
    ...all.map((f) => f.replace(/\+/g, '-').replace(/\//g, '_')),
    encodeURIComponent(secret),
  ];
}

function addPieces(secret: string): void {
  for (const f of forms(secret)) {
    // Padding never appears inside longer base64; the last character depends on what follows the
    // secret, so the piece ending in it may not match there, but every piece before it does.
    const stable = f.replace(/=+$/, '');
    for (let i = 0; i + PIECE <= stable.length; i++) pieces.add(stable.slice(i, i + PIECE));
  }
}

export function hasSecrets(): boolean {
  return secrets.size > 0;
}

/** The text with every form and piece of a registered secret blanked. */
export function scrub(text: string): string {
  if (!secrets.size || text.length < PIECE) return text;
  const set = pieces;
  let out = '';
  let i = 0;
  let last = 0;
  while (i + PIECE <= text.length) {
    if (!set.has(text.slice(i, i + PIECE))) {
      i++;
      continue;
    }
    // Extend the run while windows keep matching.
    let end = i + PIECE;
    while (end < text.length && set.has(text.slice(end - PIECE + 1, end + 1))) end++;
    out += text.slice(last, i) + BLANK;
    last = i = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A JSON-like value with every string scrubbed (the same object when nothing needed it). */
export function scrubValue<T>(value: T): T {
  if (!secrets.size) return value;
  const json = JSON.stringify(value);
  if (json === undefined) return value;
  const clean = scrub(json);
  return clean === json ? value : (JSON.parse(clean) as T);
}

/** Tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
  pieces.clear();
}
