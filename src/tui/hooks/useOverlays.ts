/**
 * What covers the session's panes or asks a question under them: the opening card, the result
 * card between the sessions of a chain (esc hides it, enter still goes on), the help, the
 * persona card, the tool picker, and the confirm and override dialogs.
 */
import { useEffect, useState } from 'react';
import { CONFIRM_ROWS } from '../components/ConfirmDialog.tsx';
import { permissionRows } from '../components/PermissionPrompt.tsx';
import { useControl, useController, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from './keypress.tsx';

export type Dialog =
  null | 'help' | 'quit' | 'end' | 'tools' | 'persona' | 'branches' | { override: string };

/**
 * A question under the panes that lets a writing person's keys through to their message (it takes
 * only its chords and esc): ending the session, quitting, a status by hand.
 */
export const letsTypingThrough = (dialog: Dialog): boolean =>
  dialog === 'quit' || dialog === 'end' || (dialog !== null && typeof dialog === 'object');

/** What covers the panes; the names are what a study logs as seen. */
export type Cover =
  'opening_card' | 'result_card' | 'help' | 'persona_card' | 'tool_picker' | 'branch_tree';

/** The dialogs that cover the panes, by the name a study logs. */
const COVERS: Partial<Record<string, Cover>> = {
  help: 'help',
  persona: 'persona_card',
  tools: 'tool_picker',
  branches: 'branch_tree',
};

const coverOf = (dialog: Exclude<Dialog, null>): Cover | undefined =>
  typeof dialog === 'string' ? COVERS[dialog] : undefined;

export interface Overlays {
  dialog: Dialog;
  open(dialog: Exclude<Dialog, null>): void;
  close(): void;
  /** What covers the panes now, if anything. */
  cover: Cover | undefined;
  /** Hides the result card (esc): the panes of the session just ended show again. */
  hideCard(): void;
  /** Rows the dialogs under the panes take (an agent's permission request among them). */
  dialogRows: number;
}

/** What covers the panes: an open dialog's screen, or else the opening or the result card. */
function coverNow(dialog: Dialog, opening: boolean, resultCard: boolean): Cover | undefined {
  if (dialog !== null) return coverOf(dialog);
  if (opening) return 'opening_card';
  return resultCard ? 'result_card' : undefined;
}

export function useOverlays(): Overlays {
  const controller = useController();
  const between = useControl((c) => c.between);
  const opening = useControl((c) => Boolean(c.opening));
  const [cardHidden, setCardHidden] = useState(false);
  useEffect(() => setCardHidden(false), [between]);
  // The last (or only) session of a live run gets its result card too, once, until enter or esc.
  const finished = useControl((c) => Boolean(c.finished));
  const [finalHidden, setFinalHidden] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  // A question about the running session (end it, quit it, an intent's status) is moot once the
  // session ends by itself, say on the message typed while it was asked: it goes, and the result
  // card shows. Before, it stayed over the card and answered y or enter.
  const ended = useSession((s) => Boolean(s.end));
  useEffect(() => {
    if (ended) setDialog((d) => (letsTypingThrough(d) ? null : d));
  }, [ended]);
  // With the card hidden (esc), enter still starts the next session.
  useKeyActions(
    ['chain'],
    { continueChain: () => controller.continueChain?.() },
    { active: Boolean(between) && cardHidden && dialog === null, priority: PRIORITY.dialog },
  );

  const resultCard = (Boolean(between) && !cardHidden) || (finished && !finalHidden);
  const cover = coverNow(dialog, opening, resultCard);
  const confirming = letsTypingThrough(dialog);
  // An acp agent's permission request, where a person can answer it.
  const ask = useSession((s) => s.permissionAsk);
  const asking = ask !== null && Boolean(controller.answerPermission);
  const dialogRows = (confirming ? CONFIRM_ROWS : 0) + (asking ? permissionRows(ask) : 0);
  return {
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    cover,
    hideCard: () => (between ? setCardHidden(true) : setFinalHidden(true)),
    dialogRows,
  };
}
