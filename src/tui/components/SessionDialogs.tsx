/** The questions under the session's panes: quit while it runs, end it now, an intent's status by hand. */
import { useControl, useController } from '../context.tsx';
import type { Dialog } from '../hooks/useOverlays.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { OverrideDialog } from './OverrideDialog.tsx';

export function SessionDialogs({
  dialog,
  width,
  writing,
  onQuit,
  onClose,
}: {
  dialog: Dialog;
  width: number;
  /** A person writes a message: the questions take chords and esc only, and letters go on into the message. */
  writing: boolean;
  onQuit(): void;
  onClose(): void;
}) {
  const controller = useController();
  // A study participant reads the study's words: nothing of intents or grading.
  const participant = useControl((c) => Boolean(c.participant));
  if (dialog === 'quit')
    return (
      <ConfirmDialog
        question="Quit while the session runs?"
        detail="It stops now, recorded as aborted (the recording so far is kept)."
        width={width}
        scope={writing ? 'askQuit' : 'confirm'}
        yesLabel="quit"
        noLabel={writing ? 'go on playing' : 'go on'}
        onYes={onQuit}
        onNo={onClose}
      />
    );
  if (dialog !== null && typeof dialog === 'object')
    return (
      <OverrideDialog
        intent={dialog.override}
        width={width}
        onPick={(to) => {
          controller.override?.(dialog.override, to);
          onClose();
        }}
        onCancel={onClose}
      />
    );
  if (dialog === 'end')
    return (
      <ConfirmDialog
        question={participant ? 'End this session now?' : 'End the session now?'}
        detail={
          participant
            ? 'The assistant stops here, and you go on to the next step of the study.'
            : 'Open intents become unresolved; the checklist is graded and scored.'
        }
        width={width}
        scope={writing ? 'askEnd' : 'confirm'}
        yesLabel="end it"
        noLabel="go on playing"
        onYes={() => {
          controller.endSession?.();
          onClose();
        }}
        onNo={onClose}
      />
    );
  return null;
}
