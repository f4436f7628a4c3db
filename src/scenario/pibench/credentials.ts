/**
 * App login credentials written into a π-Bench task's request. π-Bench's AppWorld server
 * already knows these accounts; intentplay's simulated apps only accept what a scenario
 * seeds, so the loader finds them in the text. Three phrasings occur in the data:
 *   My Simple Note login info:\n  Email: a@b.c\n  Password: xyz
 *   My Gmail email is a@b.c and password is 'xyz'.        (also "My phone number is ...")
 *   Login with username "a@b.c" and sandbox credential "xyz".   (app from the task's tools)
 */

export interface AppCredential {
  app: string;
  username: string;
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

const QUOTED = String.raw`(?:"([^"\n]*)"|'([^'\n]*)'|\x60([^\x60\n]*)\x60)`;
const VALUE = String.raw`(?:${QUOTED}|(\S+))`;
const USER_FIELD = String.raw`(email|e-mail|username|user name|phone number|number|account)`;

const BLOCK =
  /\bMy\s+([A-Za-z][A-Za-z ]*?)\s+(?:login|account|sign-in)\s+info(?:rmation)?\s*:[ \t]*\n((?:[ \t]*[A-Za-z][A-Za-z -]*:[^\n]*(?:\n|$))+)/gi;
const SENTENCE = new RegExp(
  String.raw`\bMy\s+([A-Za-z][A-Za-z ]*?\s+)?${USER_FIELD}\s+is\s+${VALUE}\s+and\s+(?:the\s+|my\s+)?password\s+is\s+${VALUE}`,
  'gi',
);
const LOGIN_WITH = new RegExp(
  String.raw`\b(?:username|user name|email)\s+${QUOTED}\s+and\s+(?:the\s+)?(?:sandbox\s+)?(?:credential|password)\s+${QUOTED}`,
  'gi',
);
const SANDBOX_APP = /\b(?:sandbox|in the)\s+([A-Z][A-Za-z]*(?:\s[A-Z][A-Za-z]*)?)\s+app\b/g;

/** The first defined capture among `groups` (a quoted or a bare value). */
function pick(m: RegExpExecArray, from: number, count: number): string | undefined {
  for (let i = from; i < from + count; i++) if (m[i] !== undefined) return m[i];
  return undefined;
}

function bare(v: string): string {
  // An unquoted value at the end of a sentence carries its full stop.
  return v.replace(/[.,;]$/, '');
}

/**
 * Every credential the text states. `taskApps` (apps whose tools the task lists) names
 * the app when the sentence does not ("Login with username ...").
 */
export function findCredentials(text: string, taskApps: readonly string[] = []): AppCredential[] {
  const out: AppCredential[] = [];
  const add = (app: string | undefined, username: string | undefined, password: string | undefined) => {
    if (!app || !username || !password) return;
    if (!out.some((c) => c.app === app && c.username === username && c.password === password)) out.push({ app, username, password });
  };

  for (const m of text.matchAll(BLOCK)) {
    const app = appFromName(m[1]!);
    let username: string | undefined;
    let password: string | undefined;
    for (const line of m[2]!.split('\n')) {
      const kv = /^\s*([A-Za-z][A-Za-z -]*?)\s*:\s*(.*?)\s*$/.exec(line);
      if (!kv) continue;
      const key = kv[1]!.toLowerCase();
      const value = unquote(kv[2]!);
      if (/^(email|e-mail|username|user name|phone number|phone|account)$/.test(key)) username = value;
      else if (key === 'password') password = value;
    }
    add(app, username, password);
  }

  for (const m of text.matchAll(SENTENCE)) {
    const field = m[2]!.toLowerCase();
    const app = m[1] ? appFromName(m[1]) : field === 'phone number' ? 'phone' : undefined;
    const username = pick(m, 3, 3) ?? (m[6] !== undefined ? bare(m[6]) : undefined);
    const password = pick(m, 7, 3) ?? (m[10] !== undefined ? bare(m[10]) : undefined);
    add(app, username, password);
  }

  const logins = [...text.matchAll(LOGIN_WITH)];
  if (logins.length) {
    const named = [...text.matchAll(SANDBOX_APP)].map((m) => appFromName(m[1]!)).filter((a): a is string => Boolean(a));
    const apps = taskApps.length ? taskApps : named;
    for (const m of logins) for (const app of apps) add(app, pick(m, 1, 3), pick(m, 4, 3));
  }
  return out;
}

function unquote(v: string): string {
  const m = /^(["'`])(.*)\1$/.exec(v);
  return m ? m[2]! : v;
}
