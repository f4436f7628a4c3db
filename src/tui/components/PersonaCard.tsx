/** Who you are when you play the user: the persona's name, role, profile, style, facts and goals (ctrl+p). */
import { useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import { Card } from './Card.tsx';

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
      ...card.profile
        .trim()
        .split('\n')
        .flatMap((p) => (p.trim() ? wrapWithPrefix([], p.trim(), cols) : [[]])),
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
