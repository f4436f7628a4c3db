/**
 * App login credentials written into a π-Bench task's text. π-Bench's AppWorld server already
 * knows these accounts; intentplay's simulated apps only accept what a scenario seeds, so the
 * loader reads them the way a person would, whatever the phrasing:
 *
 *   My Simple Note login info:\n  Email: a@b.c\n  Password: xyz     (or folded onto one line)
 *   My Gmail email is a@b.c and password is 'xyz'.                  My phone number is 5707454150, and the phone password is x
 *   Login with username "a@b.c" and sandbox credential "xyz".       (the app: the task's login tools)
 *   My Spotify account is a@b.c with the password: (xyz , and my Gmail uses the password: %@g}L
 *   My password is exactly 7 characters long and has no trailing space: VxoU[nz    (the app: the task's tools)
 *
 * Each password is found first, then its app (named before it in the text since the previous
 * password, else after it in the same sentence, else the task's tools) and its user name (the
 * nearest email, or phone number for `phone`, on the same side). A password stated without a
 * user name leaves it to the caller (the same person's email elsewhere in the task or user).
 */

export interface AppCredential {
  app: string;
  username: string;
  password: string;
}

/** A password whose user name the text does not state ("my Gmail uses the password: x"). */
export interface PartialCredential {
  app: string;
  password: string;
}

/** AppWorld app names as users write them. */
const APP_NAMES: Record<string, string> = {
  gmail: 'gmail',
  'simple note': 'simple_note',
  simplenote: 'simple_note',
  todoist: 'todoist',
  phone: 'phone',
  amazon: 'amazon',
  splitwise: 'splitwise',
  spotify: 'spotify',
  'file system': 'file_system',
  filesystem: 'file_system',
  venmo: 'venmo',
};

export function appFromName(name: string): string | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
  return APP_NAMES[key] ?? APP_NAMES[key.replace(/ app$/, '')];
}

/** An app's name anywhere in prose (not the `gmail` of an address such as a@gmail.com). */
const APP_MENTION =
  /(?<![@.\w-])(gmail|simple[ _]?note|todoist|phone|amazon|splitwise|spotify|file[ _]?system|venmo)\b(?!\.\w)/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\d.])\d{10,11}(?![\d])/g;
const QUOTED_USER =
  /\b(?:user\s?name|login(?: name)?)\s*(?:is\s+|:\s*|=\s*)?(?:"([^"\n]+)"|'([^'\n]+)')/gi;
const PASSWORD_WORD = /\b(?:pass(?:word|code|phrase)|credential)s?\b/gi;

// A quoted value ends at its closing quote followed by a space, punctuation or the end, so a
// password may itself hold quotes and brackets: 'it's(x' → it's(x.
const QUOTED = String.raw`(?:"(.+?)"|'(.+?)'|\x60(.+?)\x60|“(.+?)”|‘(.+?)’)(?=$|[\s.,;:!?)\]])`;
const BARE = String.raw`(\S+)`;
/** `password is 'x'`, `password: x`, `password = x`, `credential "x"`. */
const DIRECT = new RegExp(String.raw`^\s*(?:(?:is|was|=)\s+|[:=]\s*)?${QUOTED}`);
/** `password: x`, also after words (`password is exactly 7 characters long ...: x`), within one sentence. */
const AFTER_COLON = new RegExp(String.raw`^[^\n:.!?]{0,80}?:\s*(?:${QUOTED}|${BARE})`);
/** `password is x`, `password for my Gmail account is x`. */
const AFTER_IS = new RegExp(
  String.raw`^(?:\s+(?:for|of|on|to)\s+[^\n:.!?]{0,50}?)?\s+(?:is|was)\s+(?:${QUOTED}|${BARE})`,
);

/** Words that follow "password is" in prose rather than a password. */
const NOT_A_PASSWORD = /^[a-z]+[.,;]?$/;

interface Hit {
  start: number;
  end: number;
  value: string;
}

/** The quoted value (groups 1-5), if the match has one. */
function quotedValue(m: RegExpExecArray): string | undefined {
  return m.slice(1, 6).find((g) => g !== undefined);
}

function bare(v: string): string {
  // An unquoted value at the end of a sentence carries its full stop or comma.
  return v.replace(/[.,;]$/, '');
}

/** The password stated after the word at `from` (its end), if any. */
function valueAfter(text: string, from: number): Hit | undefined {
  const rest = text.slice(from);
  for (const [re, labelled] of [
    [DIRECT, true],
    [AFTER_COLON, true],
    [AFTER_IS, false],
  ] as const) {
    const m = re.exec(rest);
    if (!m) continue;
    const quoted = quotedValue(m);
    const raw = quoted ?? m[6];
    if (raw === undefined) continue;
    const value = quoted ?? bare(raw);
    // "the password is the same" is prose; a labelled value ("Password: x") is taken as written.
    if (!quoted && !labelled && NOT_A_PASSWORD.test(raw)) continue;
    if (!value) continue;
    const end = from + m.index + m[0].length;
    return { start: end - m[0].length + m[0].lastIndexOf(raw), end, value };
  }
  return undefined;
}

function passwordHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(PASSWORD_WORD)) {
    const at = m.index;
    if (hits.length && at < hits[hits.length - 1]!.end) continue;
    const hit = valueAfter(text, at + m[0].length);
    if (hit) hits.push(hit);
  }
  return hits;
}

interface Mention {
  at: number;
  end: number;
  value: string;
}

function mentions(
  text: string,
  re: RegExp,
  map: (m: RegExpExecArray) => string | undefined = (m) => m[0],
): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(re)) {
    const value = map(m);
    if (value) out.push({ at: m.index, end: m.index + m[0].length, value });
  }
  return out;
}

/** The end of the sentence that starts at `from` (a full stop, ? or ! before a space, or a line break). */
function sentenceEnd(text: string, from: number): number {
  const m = /[.!?](?=\s|$)|\n/.exec(text.slice(from));
  return m ? from + m.index : text.length;
}

/** Apps named together ("my Gmail and Todoist password"): the nearest one and those joined to it. */
function appsNear(text: string, apps: Mention[]): string[] {
  if (!apps.length) return [];
  const out = [apps[apps.length - 1]!];
  for (let i = apps.length - 2; i >= 0; i--) {
    const between = text.slice(apps[i]!.end, out[0]!.at);
    if (!/^\s*(?:,|and|&|\/|or)\s*(?:my\s+|the\s+)?$/i.test(between)) break;
    out.unshift(apps[i]!);
  }
  return [...new Set(out.map((a) => a.value))];
}

export interface FoundCredentials {
  credentials: AppCredential[];
  /** Passwords whose app is known but whose user name the text does not give. */
  partial: PartialCredential[];
}

/**
 * Every credential the text states. `taskApps` (apps whose login the task lists, else whose
 * tools it lists) names the app when the text does not ("Login with username ... and sandbox
 * credential ..."). A password with no user name near it takes the task's own email when the
 * task states one for another app ("my primary email"); otherwise it is returned as partial.
 */
export function readCredentials(text: string, taskApps: readonly string[] = []): FoundCredentials {
  const appsNamed = mentions(text, APP_MENTION, (m) => appFromName(m[1]!));
  const emails = mentions(text, EMAIL);
  const phones = mentions(text, PHONE);
  const quotedUsers = mentions(text, QUOTED_USER, (m) => m[1] ?? m[2]);
  const hits = passwordHits(text);

  const found: { app: string; username?: string; password: string }[] = [];
  hits.forEach((hit, i) => {
    const from = i === 0 ? 0 : hits[i - 1]!.end;
    const until = sentenceEnd(text, hit.end);
    const before = (list: Mention[]) => list.filter((m) => m.at >= from && m.end <= hit.start);
    const after = (list: Mention[]) => list.filter((m) => m.at >= hit.end && m.end <= until);
    let apps = appsNear(text, before(appsNamed));
    if (!apps.length) apps = [...new Set(after(appsNamed).map((a) => a.value))].slice(0, 1);
    if (!apps.length) {
      const unclaimed = taskApps.filter((a) => !found.some((f) => f.app === a));
      apps = unclaimed.length ? unclaimed : [...taskApps];
    }
    for (const app of apps) {
      const pool =
        app === 'phone' ? phones : [...quotedUsers, ...emails].sort((a, b) => a.at - b.at);
      const username = before(pool).at(-1)?.value ?? after(pool)[0]?.value;
      found.push({ app, ...(username !== undefined ? { username } : {}), password: hit.value });
    }
  });

  // "my Gmail uses the password: x" after "My Spotify account is a@b.c": the same person's email.
  const ownEmail = found.find((f) => f.username?.includes('@'))?.username;
  const credentials: AppCredential[] = [];
  const partial: PartialCredential[] = [];
  for (const f of found) {
    const username = f.username ?? (f.app !== 'phone' ? ownEmail : undefined);
    if (username === undefined) {
      if (!partial.some((p) => p.app === f.app)) partial.push({ app: f.app, password: f.password });
    } else if (
      !credentials.some(
        (c) => c.app === f.app && c.username === username && c.password === f.password,
      )
    )
      credentials.push({ app: f.app, username, password: f.password });
  }
  return { credentials, partial: partial.filter((p) => !credentials.some((c) => c.app === p.app)) };
}

/** The credentials with a user name (see readCredentials). */
export function findCredentials(text: string, taskApps: readonly string[] = []): AppCredential[] {
  return readCredentials(text, taskApps).credentials;
}

/** Apps the text names by name (Gmail, Todoist, …), with the offset of the first mention. */
export function appsMentioned(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of mentions(text, APP_MENTION, (x) => appFromName(x[1]!)))
    if (!out.has(m.value)) out.set(m.value, m.at);
  return out;
}
