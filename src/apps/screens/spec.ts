/**
 * The user's side of an app, as data: screens over the app's own APIs. A list screen shows
 * what a read-only API returns, one numbered line per item, and opens an item on another
 * screen; an item screen shows one thing; an action is a form over a writing API (its fields
 * are that API's parameters, filled by the user; the screen supplies the rest) or a move to
 * another screen. A screen offers only its own actions, plus `back` and `home` everywhere and
 * `open` on a list. docs/apps/screens.md lists every app's screens.
 */
import type { ActionView, FieldView, ScreenView } from '../../contracts/screens.ts';

export type { ActionView, FieldView, ScreenView };

/** Values a screen was opened with (the item's id, a search text). */
export type Params = Record<string, unknown>;
// Responses are the APIs' own JSON: screens read them loosely, as the user reads a screen.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ActionSpec {
  /** What the user (or an activity step) names: `reply`, `add_task`. */
  name: string;
  label: string;
  /** A move: the screen to open, with this screen's params unless `params` says otherwise. */
  go?: string;
  params?: (screen: Params, response: Json) => Params;
  /** A form: the writing (or searching) API it submits, its fields (`name?` is optional), and what the screen fills in. */
  api?: string;
  fields?: string[];
  fixed?: (screen: Params, response: Json) => Params;
  /** After a submitted form: stay (the screen shows the change), go back, or open a screen with the result. */
  then?: 'stay' | 'back' | { screen: string; params: (result: Json, args: Params) => Params };
}

interface ScreenBase {
  id: string;
  /** The read-only API whose response the screen shows, and its arguments from the screen's params. */
  api: string;
  args?: (params: Params) => Params;
  actions?: ActionSpec[];
}

export interface ListScreen extends ScreenBase {
  kind: 'list';
  title: string | ((params: Params) => string);
  items: (response: Json) => Json[];
  label: (item: Json) => string;
  /** Where `open N` goes (a folder opens another folder, a file the file), and the params it gets from item N. */
  open?: { screen: string | ((item: Json) => string); params: (item: Json) => Params };
  /** Shown when the list is empty. */
  empty?: string;
}

export interface ItemScreen extends ScreenBase {
  kind: 'item';
  title: (response: Json, params: Params) => string;
  lines: (response: Json) => string[];
}

export type ScreenSpec = ListScreen | ItemScreen;

export interface AppScreens {
  app: string;
  title: string;
  /** The screen the app opens on. */
  home: string;
  screens: ScreenSpec[];
}

/** The screen as text lines: what a recording keeps and the observing agent reads. */
export function screenText(view: ScreenView): string[] {
  const actions = view.actions.map((a) =>
    a.fields.length
      ? `${a.name}(${a.fields.map((f) => (f.required ? f.name : `${f.name}?`)).join(', ')})`
      : a.name,
  );
  return [
    `[${view.app ? `${view.app} · ` : ''}${view.title}]`,
    ...view.lines,
    `actions: ${actions.join(' · ')}`,
  ];
}

/** Text on one line (its line breaks and runs of spaces as one space). */
export function oneLine(text: unknown): string {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Short text for a list line. */
export function clip(text: unknown, max = 60): string {
  const s = oneLine(text);
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

export const people = (list: Json): string =>
  Array.isArray(list) ? list.map((p: Json) => p?.name ?? p?.email ?? String(p)).join(', ') : '';
