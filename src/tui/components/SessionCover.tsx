/** What covers the session's panes (useOverlays): the opening or result card, the help, the persona card, the tool picker, a replay's tree of forks. */
import path from 'node:path';
import type { HelpFilter, Scope } from '../keymap.ts';
import { useControl, useController } from '../context.tsx';
import type { Cover } from '../hooks/useOverlays.ts';
import type { SessionController, ToolHint } from '../session/controller.ts';
import { BranchTree } from './BranchTree.tsx';
import { HelpOverlay } from './HelpOverlay.tsx';
import { OpeningCard } from './OpeningCard.tsx';
import { PersonaCardOverlay } from './PersonaCard.tsx';
import { ResultCard } from './ResultCard.tsx';
import { ToolPicker } from './ToolPicker.tsx';

export interface SessionCoverProps {
  cover: Cover;
  width: number;
  height: number;
  /** What the help lists: the keys of these scopes, less those the filter leaves out (session-help.ts). */
  help?: { scopes: readonly Scope[]; filter: HelpFilter } | undefined;
  onClose(): void;
  onHideCard(): void;
  onPickTool(tool: ToolHint): void;
  /** Shows another session in place of this one (a branch of the replay). */
  onOpen?: ((controller: SessionController) => void) | undefined;
}

export function SessionCover({
  cover,
  width,
  height,
  help,
  onClose,
  onHideCard,
  onPickTool,
  onOpen,
}: SessionCoverProps) {
  const controller = useController();
  const tools = useControl((c) => c.tools);
  const between = useControl((c) => Boolean(c.between));
  const replay = useControl((c) => c.replay);
  switch (cover) {
    case 'opening_card':
      return <OpeningCard width={width} height={height} onBegin={() => controller.begin?.()} />;
    case 'result_card':
      return (
        <ResultCard
          width={width}
          height={height}
          // After the last session, enter just shows its panes: nothing comes next.
          onContinue={between ? () => controller.continueChain?.() : onHideCard}
          onHide={onHideCard}
        />
      );
    case 'help':
      return (
        <HelpOverlay
          scopes={help?.scopes ?? []}
          filter={help?.filter}
          width={width}
          height={height}
          onClose={onClose}
        />
      );
    case 'persona_card':
      return <PersonaCardOverlay width={width} height={height} onClose={onClose} />;
    case 'tool_picker':
      return (
        <ToolPicker
          tools={tools}
          width={width}
          height={height}
          onClose={onClose}
          onPick={onPickTool}
        />
      );
    case 'branch_tree':
      return (
        <BranchTree
          name={path.basename(replay?.file ?? '')}
          rows={replay?.tree ?? []}
          width={width}
          height={height}
          onClose={onClose}
          onOpen={(row) => {
            const opened = controller.openBranch?.(row);
            if (opened) onOpen?.(opened);
            else onClose();
          }}
        />
      );
  }
}
