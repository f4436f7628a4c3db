/**
 * The session's panes as plain data: each row says what a pane is called, its share of the
 * width when the panes stand side by side, which sessions show it, and the keymap scope of its
 * own keys. The core's panes are the rows below; the installed paradigms add theirs
 * (src/contracts/paradigm-view.ts: a Timeline, a Phone), shown in the sessions that have their
 * slice of the state. No component is imported here, so the exports (src/share) read the same
 * titles and the same list of panes without loading Ink; panes.ts adds each pane's component. A
 * new core pane is one row here and one entry there (CONTRIBUTING.md, "Add a pane").
 */
import type { ParadigmPane, ParadigmPaneId } from '../contracts/paradigm-view.ts';
import { derivedFromParadigms } from '../scenario/paradigms.ts';
import type { SessionState } from '../store/state.ts';
import type { Scope } from './keymap.ts';
import type { ParticipantView, SessionMode } from './session/controller.ts';

export interface PaneSpec {
  id: string;
  /** The pane's title line, and its tab in the narrower layouts. */
  title: string;
  /** Its title for a study participant who sees the intents as their goals (default: `title`). */
  goalsTitle?: string;
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
  /** A paradigm's pane: what draws it. */
  paradigm?: ParadigmPane;
}

/**
 * The core's panes in display order, left to right, which is also the focus order; the
 * paradigms' panes follow, in the registry's order. The first pane is the main one: the left
 * column of the medium layout, focused first when nobody types.
 */
export const PANE_SPECS = [
  {
    id: 'conversation',
    title: 'Conversation',
    width: { 4: 0.34, 5: 0.3 },
    keys: { scope: 'conversation' },
  },
  {
    id: 'intents',
    title: 'Hidden intents',
    goalsTitle: 'Your goals',
    width: { 4: 0.26, 5: 0.22 },
    keys: { scope: 'intents', modes: ['play'] },
  },
  {
    id: 'checklist',
    title: 'Checklist',
    width: { 4: 0.19, 5: 0.15 },
    keys: { scope: 'checklist' },
  },
  {
    id: 'workspace',
    title: 'Workspace',
    width: { 4: 0.21, 5: 0.14 },
    keys: { scope: 'workspace' },
  },
] as const satisfies readonly PaneSpec[];

/** A pane of the core, which every session shows (the keymap and the exports name them). */
export type CorePaneId = (typeof PANE_SPECS)[number]['id'];
/** Any pane: the core's, or one an installed paradigm registers (its id merged into ParadigmPanes). */
export type PaneId = CorePaneId | ParadigmPaneId;

export const PANE_IDS: readonly CorePaneId[] = PANE_SPECS.map((p) => p.id);

export const MAIN_PANE: CorePaneId = PANE_SPECS[0].id;

/** A paradigm's pane as a row: shown in the sessions that have the slice it draws. */
function paradigmRow(pane: ParadigmPane): PaneSpec & { id: PaneId } {
  return {
    id: pane.id,
    title: pane.title,
    width: pane.width,
    when: (s) => s[pane.slice] !== undefined,
    paradigm: pane,
  };
}

/** Every pane's row in display order: the core's, then the installed paradigms'. */
export const paneSpecs = derivedFromParadigms(
  (paradigms): readonly (PaneSpec & { id: PaneId })[] => [
    ...PANE_SPECS,
    ...paradigms.flatMap((p) => p.view?.panes ?? []).map(paradigmRow),
  ],
);

const byId = derivedFromParadigms(
  () => new Map<string, PaneSpec & { id: PaneId }>(paneSpecs().map((p) => [p.id, p])),
);

/** Whether `id` names a pane of the core or of an installed paradigm. */
export function isPaneId(id: string): id is PaneId {
  return byId().has(id);
}

export function paneSpecOf(id: PaneId): PaneSpec & { id: PaneId } {
  const spec = byId().get(id);
  if (!spec) throw new Error(`no pane ${id}: its paradigm is not installed`);
  return spec;
}

/**
 * What a pane is called: its title, or for a study participant who sees the intents as goals
 * (`intents: 'goals'`), the title that says so. The tab, the pane's title line and the
 * opening card all ask here, so they cannot disagree.
 */
export function paneTitle(id: PaneId, intents: ParticipantView['intents'] = 'live'): string {
  const spec = paneSpecOf(id);
  return (intents === 'goals' && spec.goalsTitle) || spec.title;
}

/**
 * Whether a session shows the pane: in the terminal for `mode`, and in the exports of its
 * recording (`replay`). A paradigm's pane that is not installed is shown nowhere.
 */
export function paneShown(
  id: PaneId,
  session: SessionState,
  mode: SessionMode = 'replay',
): boolean {
  const spec = byId().get(id);
  if (!spec) return false;
  return !spec.when || spec.when(session, mode);
}
