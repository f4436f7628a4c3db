/**
 * The session screen's panes, as one table. Each row says what a pane is called, which
 * component draws it, its share of the width when the panes stand side by side, which
 * sessions show it, and the keymap scope of its own keys. The layouts (layout.ts), the tabs
 * of the narrower layouts, the focus order, the help (`?`) and the screen's components all
 * come from here: a new pane is one row (CONTRIBUTING.md, "Add a pane").
 */
import type { ComponentType } from 'react';
import type { SessionState } from '../store/state.ts';
import { ChecklistPane } from './components/ChecklistPane.tsx';
import { ConversationPane } from './components/ConversationPane.tsx';
import { IntentsPane } from './components/IntentsPane.tsx';
import type { PaneProps } from './components/Pane.tsx';
import { PhonePane } from './components/PhonePane.tsx';
import { TimelinePane } from './components/TimelinePane.tsx';
import { WorkspacePane } from './components/WorkspacePane.tsx';
import type { Scope } from './keymap.ts';
import type { SessionMode } from './session/controller.ts';

export interface PaneSpec {
  id: string;
  /** The pane's title line, and its tab in the narrower layouts. */
  title: string;
  component: ComponentType<PaneProps>;
  /**
   * Its share of the terminal's width in the wide layout, by how many panes stand side by
   * side. The last pane takes what the others leave; a pane without a share for that many
   * panes gets an even one.
   */
  width: Readonly<Partial<Record<number, number>>>;
  /** Which sessions show it (a paradigm's own pane: when the scenario is of that paradigm); default: every session. */
  when?: (session: SessionState, mode: SessionMode) => boolean;
  /** The keymap scope of its own keys (keymap.ts), which `?` lists, and the modes they act in (default: all). */
  keys?: { scope: Scope; modes?: readonly SessionMode[] };
}

/**
 * In display order, left to right, which is also the focus order. The first pane is the main
 * one: the left column of the medium layout, focused first when nobody types.
 */
export const PANE_TABLE = [
  { id: 'conversation', title: 'Conversation', component: ConversationPane, width: { 4: 0.34, 5: 0.3 }, keys: { scope: 'conversation' } },
  {
    id: 'intents',
    title: 'Hidden intents',
    component: IntentsPane,
    width: { 4: 0.26, 5: 0.22 },
    keys: { scope: 'intents', modes: ['play'] },
  },
  { id: 'checklist', title: 'Checklist', component: ChecklistPane, width: { 4: 0.19, 5: 0.15 }, keys: { scope: 'checklist' } },
  { id: 'workspace', title: 'Workspace', component: WorkspacePane, width: { 4: 0.21, 5: 0.14 }, keys: { scope: 'workspace' } },
  // The paradigms' panes: time scenarios have a Timeline, proposal scenarios the user's Phone.
  { id: 'timeline', title: 'Timeline', component: TimelinePane, width: { 5: 0.19 }, when: (s) => Boolean(s.timeline) },
  { id: 'phone', title: 'Phone', component: PhonePane, width: { 5: 0.19 }, when: (s) => Boolean(s.phone) },
] as const satisfies readonly PaneSpec[];

export type PaneId = (typeof PANE_TABLE)[number]['id'];
export type Pane = PaneSpec & { id: PaneId };

const BY_ID = new Map<PaneId, Pane>(PANE_TABLE.map((p) => [p.id, p]));

export const MAIN_PANE: PaneId = PANE_TABLE[0].id;

export function paneOf(id: PaneId): Pane {
  return BY_ID.get(id)!;
}

export const paneTitle = (id: PaneId): string => paneOf(id).title;

/** The panes a session shows, in display order. */
export function panesShown(session: SessionState, mode: SessionMode): Pane[] {
  return PANE_TABLE.filter((p: Pane) => !p.when || p.when(session, mode));
}

/**
 * The keymap scopes of the shown panes' own keys, for the help. Keys that act in this mode only
 * (revealing an intent while playing) come first: they are what the mode is about.
 */
export function paneKeyScopes(panes: readonly Pane[], mode: SessionMode): Scope[] {
  const acting = panes.filter((p) => p.keys && (!p.keys.modes || p.keys.modes.includes(mode)));
  const modeOnly = acting.filter((p) => p.keys!.modes);
  return [...modeOnly, ...acting.filter((p) => !p.keys!.modes)].map((p) => p.keys!.scope);
}
