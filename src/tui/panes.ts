/**
 * The session screen's panes: the plain rows of pane-specs.ts (title, width, which sessions
 * show each, its keys) with the component that draws each. The layouts (layout.ts), the tabs
 * of the narrower layouts, the focus order, the help (`?`) and the screen's components all
 * come from here: a new core pane is a row in pane-specs.ts and its component below
 * (CONTRIBUTING.md, "Add a pane"); a paradigm's pane is drawn from its own blocks
 * (components/ParadigmPane.tsx).
 */
import type { ComponentType } from 'react';
import type { SessionState } from '../store/state.ts';
import { ChecklistPane } from './components/ChecklistPane.tsx';
import { ConversationPane } from './components/ConversationPane.tsx';
import { IntentsPane } from './components/IntentsPane.tsx';
import type { PaneProps } from './components/Pane.tsx';
import { paradigmPaneComponent } from './components/ParadigmPane.tsx';
import { WorkspacePane } from './components/WorkspacePane.tsx';
import type { Scope } from './keymap.ts';
import {
  PANE_SPECS,
  paneShown,
  paneSpecs,
  type CorePaneId,
  type PaneId,
  type PaneSpec,
} from './pane-specs.ts';
import { derivedFromParadigms } from '../scenario/paradigms.ts';
import type { SessionMode } from './session/controller.ts';

export { MAIN_PANE, paneTitle, type PaneId } from './pane-specs.ts';

/** The component drawing each core pane: the compiler refuses a pane of the specs without one, or one for no pane. */
export const PANE_COMPONENTS = {
  conversation: ConversationPane,
  intents: IntentsPane,
  checklist: ChecklistPane,
  workspace: WorkspacePane,
} as const satisfies Record<CorePaneId, ComponentType<PaneProps>>;

export type Pane = PaneSpec & { id: PaneId; component: ComponentType<PaneProps> };

/** The core's panes in display order, left to right. */
export const PANE_TABLE: readonly (Pane & { id: CorePaneId })[] = PANE_SPECS.map((spec) => ({
  ...spec,
  component: PANE_COMPONENTS[spec.id],
}));

/** Every pane in display order, left to right, which is also the focus order: the core's, then the paradigms'. */
export const paneTable = derivedFromParadigms((): readonly Pane[] => [
  ...PANE_TABLE,
  ...paneSpecs()
    .filter((spec) => spec.paradigm)
    .map((spec) => ({ ...spec, component: paradigmPaneComponent(spec.paradigm!) })),
]);

const byId = derivedFromParadigms(() => new Map<PaneId, Pane>(paneTable().map((p) => [p.id, p])));

export function paneOf(id: PaneId): Pane {
  const pane = byId().get(id);
  if (!pane) throw new Error(`no pane ${id}: its paradigm is not installed`);
  return pane;
}

/** The panes a session shows, in display order. */
export function panesShown(session: SessionState, mode: SessionMode): Pane[] {
  return paneTable().filter((p) => paneShown(p.id, session, mode));
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
