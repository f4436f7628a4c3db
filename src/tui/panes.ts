/**
 * The session screen's panes: the plain rows of pane-specs.ts (title, width, which sessions
 * show each, its keys) with the component that draws each. The layouts (layout.ts), the tabs
 * of the narrower layouts, the focus order, the help (`?`) and the screen's components all
 * come from here: a new pane is a row in pane-specs.ts and its component below
 * (CONTRIBUTING.md, "Add a pane").
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
import { PANE_SPECS, paneShown, type PaneId, type PaneSpec } from './pane-specs.ts';
import type { SessionMode } from './session/controller.ts';

export { MAIN_PANE, paneTitle, type PaneId } from './pane-specs.ts';

/** The component drawing each pane: the compiler refuses a pane of the specs without one, or one for no pane. */
export const PANE_COMPONENTS = {
  conversation: ConversationPane,
  intents: IntentsPane,
  checklist: ChecklistPane,
  workspace: WorkspacePane,
  timeline: TimelinePane,
  phone: PhonePane,
} as const satisfies Record<PaneId, ComponentType<PaneProps>>;

export type Pane = PaneSpec & { id: PaneId; component: ComponentType<PaneProps> };

/** Every pane in display order, left to right, which is also the focus order. */
export const PANE_TABLE: readonly Pane[] = PANE_SPECS.map((spec) => ({
  ...spec,
  component: PANE_COMPONENTS[spec.id],
}));

const BY_ID = new Map<PaneId, Pane>(PANE_TABLE.map((p) => [p.id, p]));

export function paneOf(id: PaneId): Pane {
  return BY_ID.get(id)!;
}

/** The panes a session shows, in display order. */
export function panesShown(session: SessionState, mode: SessionMode): Pane[] {
  return PANE_TABLE.filter((p) => paneShown(p.id, session, mode));
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
