/**
 * What the tool picker's template fills in, from what the session holds when a tool is picked,
 * so that enter on the template as inserted runs a call a newcomer can read:
 * - read_file and edit_file name the first workspace file; edit_file's old_string is a line of
 *   it that occurs once and new_string the same line, to change; write_file a new file
 *   (`notes.md`, or `notes-2.md` if that is taken) with a placeholder heading.
 * - An app's login gets the account's username and password (the agent was told them);
 *   access_token the token its last login gave; an `<item>_id` the first item there is; a read's
 *   window the week from the app's today, its duration half an hour, its email someone it knows.
 *   A call that changes an app gets ids too, but only beside a value the person types: an id is
 *   all delete_task needs, so it is left to fill. A template never picks what a change is made
 *   to or what it says (clear_cart, which needs neither, runs as inserted: that is its meaning).
 * - What only the person can decide is left empty, the cursor in it, and enter says "fill in …":
 *   a proposal's words, a token before any login, an id where there is no item, and what a
 *   change to an app says (a title, a message, an amount, a recipient).
 * Optional parameters are left out (the picker lists them, marked `?`).
 */
import type { ToolHint } from './controller.ts';

/** What the session holds now, as the template reads it. */
export interface TemplateWorld {
  /** Every workspace file (relative paths). */
  files: readonly string[];
  readText(file: string): string | undefined;
  /** An app's state (its plain JSON), when the session has the app. */
  appState(app: string): unknown;
  /** Ids of the reminders the agent set and has not cancelled (time scenarios). */
  reminders: readonly string[];
}

export const EMPTY_WORLD: TemplateWorld = {
  files: [],
  readText: () => undefined,
  appState: () => undefined,
  reminders: [],
};

/** The template's values: JSON text per parameter given, the required ones left to the person, and where the cursor goes. */
export interface TemplateValues {
  given: Record<string, string>;
  /** Required parameters left `""` for the person (enter refuses until they are filled). */
  toFill: string[];
  /** The parameter whose value the cursor ends (when nothing is to fill). */
  cursorAt?: string;
}

const NEW_FILE_NAMES = ['notes.md', 'notes-2.md', 'notes-3.md', 'scratch.md'];

export function templateValues(tool: ToolHint, world: TemplateWorld): TemplateValues {
  const given: Record<string, string> = {};
  const toFill: string[] = [];
  const own = ownValues(tool, world);
  for (const p of tool.params) {
    // An optional parameter only where the tool needs one of several (a reminder's `at`).
    if (!p.required && own?.[p.name] === undefined) continue;
    const value = own?.[p.name] ?? valueOf(tool, p, world);
    if (value === undefined) toFill.push(p.name);
    else given[p.name] = JSON.stringify(value);
  }
  // A change to an app waits for something the person types: its ids alone are not enough.
  if (changesApp(tool) && !toFill.length)
    for (const p of tool.params.filter((x) => x.required && x.name.endsWith('_id'))) {
      delete given[p.name];
      toFill.push(p.name);
    }
  const cursorAt = CURSOR_AT[tool.name];
  return { given, toFill, ...(cursorAt ? { cursorAt } : {}) };
}

/** The text a person goes on writing: the cursor waits at its end, inside its quotes. */
const CURSOR_AT: Record<string, string> = {
  edit_file: 'new_string',
  write_file: 'content',
  write_memory: 'content',
};

const appOf = (tool: ToolHint) =>
  tool.group && tool.name.startsWith(`${tool.group}__`) ? tool.group : undefined;

const changesApp = (tool: ToolHint) => Boolean(appOf(tool)) && !tool.readOnly;

/** The file tools and the few tools whose values belong together (old_string of the file named). */
function ownValues(tool: ToolHint, world: TemplateWorld): Record<string, unknown> | undefined {
  const first = world.files.find((f) => world.readText(f) !== undefined);
  switch (tool.name) {
    case 'read_file':
      return first ? { path: first } : {};
    case 'write_file': {
      const name = NEW_FILE_NAMES.find((n) => !world.files.includes(n));
      return { path: name ?? `notes-${world.files.length + 1}.md`, content: '# Notes\n' };
    }
    case 'edit_file': {
      const file = world.files.find((f) => uniqueLine(world.readText(f)) !== undefined);
      const line = file ? uniqueLine(world.readText(file)) : undefined;
      return file ? { path: file, old_string: line, new_string: line } : {};
    }
    case 'grep':
      return { pattern: firstWord(first ? world.readText(first) : undefined) ?? '.' };
    case 'glob':
      return { pattern: '**/*' };
    case 'write_memory':
      return { key: 'notes', content: 'What I learned this session: ' };
    case 'set_reminder':
      return { at: '+1h', note: 'check back on the task' };
    case 'cancel_reminder':
      return world.reminders.length ? { id: world.reminders.at(-1) } : {};
    default:
      return undefined;
  }
}

type Param = ToolHint['params'][number];

/** A required value the template can give by itself, or undefined (the person fills it in). */
function valueOf(tool: ToolHint, p: Param, world: TemplateWorld): unknown {
  const app = appOf(tool);
  if (app) return appValue(tool, app, p, world.appState(app));
  // A proposal is the person's own words; an enum, a number or a list has a value of its type.
  if (tool.name === 'propose') return undefined;
  return p.blank !== undefined && p.blank !== '""' ? JSON.parse(p.blank) : undefined;
}

interface AppLike {
  credentials?: { username: string; password: string }[];
  access_tokens?: string[];
  [collection: string]: unknown;
}

function appValue(tool: ToolHint, app: string, p: Param, raw: unknown): unknown {
  const state = (raw ?? {}) as AppLike;
  const { name } = p;
  if (tool.name === `${app}__login`) {
    const c = state.credentials?.[0];
    if (name === 'username') return c?.username;
    if (name === 'password') return c?.password;
  }
  if (name === 'access_token') return state.access_tokens?.at(-1);
  if (name.endsWith('_id')) return firstId(state, name.slice(0, -3));
  // What a change to the app says (a title, a message, an amount) is the person's: none is made up.
  return tool.readOnly ? readValue(p, state) : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A read's other required values: a window of the week ahead, a half-hour, someone the app knows. */
function readValue(p: Param, state: AppLike): unknown {
  const now = typeof state.now === 'string' ? Date.parse(`${state.now}Z`) : NaN;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (/^min_(start|date|created_at)/.test(p.name) && !Number.isNaN(now)) return day(now);
  if (/^max_(start|date|created_at)/.test(p.name) && !Number.isNaN(now))
    return day(now + 6 * DAY_MS);
  if (p.name === 'duration_minutes') return 30;
  if (/(^|_)email$/.test(p.name)) return someone(state);
  return p.blank !== undefined && p.blank !== '""' ? JSON.parse(p.blank) : undefined;
}

/** The first person of the app's directory (else its account): an address a read can look up. */
function someone(state: AppLike): string | undefined {
  const users = state.users as Record<string, { email?: string }> | undefined;
  const first = Object.values(users ?? {}).find((u) => u.email)?.email;
  const account = state.account as { email?: string | null } | null | undefined;
  return first ?? account?.email ?? undefined;
}

/** The first (lowest) id in the collection an `<x>_id` parameter names (email_thread_id: `threads`). */
function firstId(state: AppLike, stem: string): number | undefined {
  const names = Object.keys(state).filter((k) => isEntityMap(state[k]));
  const singular = (c: string) =>
    c
      .replace(/ies$/, 'y')
      .replace(/(ss|sh|ch|x)es$/, '$1')
      .replace(/s$/, '');
  const collection =
    names.find((c) => singular(c) === stem) ?? names.find((c) => stem.endsWith(`_${singular(c)}`));
  if (!collection) return undefined;
  const ids = Object.keys(state[collection] as object)
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
  return ids[0];
}

function isEntityMap(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-blank line that occurs once in the text (edit_file changes exactly one occurrence). */
function uniqueLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0 && text.indexOf(l) === text.lastIndexOf(l));
}

function firstWord(text: string | undefined): string | undefined {
  return /[A-Za-z]{4,}/.exec(text ?? '')?.[0];
}
