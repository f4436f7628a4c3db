/** Who you are when you play the user: the persona's name, role, profile, style, facts and goals (ctrl+p). */
import { useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import { Card } from './Card.tsx';

const LIST_ITEM = /^([-*•]|\d+[.)])\s+/;

/**
 * A profile as prose: YAML's hard line breaks inside a paragraph joined (they made it wrap
 * raggedly at any width but the file's), blank lines kept as paragraph breaks (`undefined`), and
 * each list item its own block, its mark kept to hang the item's lines under.
 */
export function profileBlocks(profile: string): ({ mark: string; text: string } | undefined)[] {
  const blocks: ({ mark: string; text: string } | undefined)[] = [];
  let open = false;
  for (const raw of profile.trim().split('\n')) {
    const line = raw.trim();
    const item = LIST_ITEM.exec(line);
    const last = blocks.at(-1);
    if (!line) {
      if (open) blocks.push(undefined);
      open = false;
    } else if (item) {
      blocks.push({ mark: item[0], text: line.slice(item[0].length) });
      open = true;
    } else if (open && last) last.text += ` ${line}`;
    else {
      blocks.push({ mark: '', text: line });
      open = true;
    }
  }
  return blocks;
}

export function PersonaCardOverlay({
  width,
  height,
  onClose,
}: {
  width: number;
  height: number;
  onClose: () => void;
}) {
  const theme = useTheme();
  const card = useSession((s) => s.scenario?.personaCard);
  useKeyActions(['help'], { close: onClose }, { priority: PRIORITY.dialog, swallow: true });
  const cols = Math.max(10, width - 4);
  const lines: Line[] = [
    [{ text: 'You are the user (esc closes)', bold: true, color: theme.text.accent }],
  ];
  if (!card) lines.push([{ text: 'This scenario has no persona file.', color: theme.text.muted }]);
  else {
    lines.push(
      [
        { text: card.name, bold: true },
        { text: ` · ${card.role}`, color: theme.text.secondary },
      ],
      [],
    );
    lines.push(
      ...profileBlocks(card.profile).flatMap((b) =>
        b ? wrapWithPrefix([{ text: b.mark }], b.text, cols) : [[]],
      ),
    );
    if (card.style)
      lines.push(
        [],
        ...wrapWithPrefix([{ text: 'How you write: ', bold: true }], card.style, cols),
      );
    if (card.facts && Object.keys(card.facts).length) {
      lines.push([], [{ text: 'Facts you know', bold: true }]);
      for (const [k, v] of Object.entries(card.facts))
        lines.push(
          ...wrapWithPrefix(
            [{ text: `  ${k.replace(/_/g, ' ')}: `, color: theme.text.secondary }],
            v,
            cols,
          ),
        );
    }
    if (card.goals?.length) {
      lines.push([], [{ text: 'Your goals', bold: true }]);
      for (const g of card.goals) lines.push(...wrapWithPrefix([{ text: '  • ' }], g, cols));
    }
  }
  return <Card lines={lines} width={width} height={height} />;
}
