/** The keys, straight from the keymap, for the scopes active now (`?`), less those that do nothing here. */
import { Box, Text } from 'ink';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { bindingsFor, keyLabels, type HelpFilter, type Scope } from '../keymap.ts';
import { useTheme } from '../theme.ts';
import { truncate, type Line } from '../../text/text.ts';
import { Card } from './Card.tsx';

export function HelpOverlay({
  scopes,
  filter,
  width,
  height,
  onClose,
}: {
  scopes: readonly Scope[];
  filter?: HelpFilter;
  width: number;
  height: number;
  onClose: () => void;
}) {
  const theme = useTheme();
  useKeyActions(['help'], { close: onClose }, { priority: PRIORITY.dialog, swallow: true });
  const groups = bindingsFor(scopes, filter);
  const keyCol = 16;
  const rows: { key: string; text: string; title?: boolean }[] = [];
  for (const g of groups) {
    rows.push({ key: g.title, text: '', title: true });
    for (const b of g.bindings)
      rows.push({ key: keyLabels(b.keys).join(' '), text: b.description });
  }
  const inner = height - 4;
  const cols = Math.max(1, width - 4);
  // Two columns when the list is taller than the box and the box is wide enough.
  const columns = rows.length > inner && width >= 120 ? 2 : 1;
  const perCol = Math.ceil(rows.length / columns);
  const colWidth = Math.floor(cols / columns);
  // Too many keys for one column on a small screen: the list scrolls as a card does, with a
  // marker saying there is more (before, the keys past the box's height were left out unsaid).
  if (perCol > inner) {
    const lines: Line[] = rows.map((r) =>
      r.title
        ? [{ text: truncate(r.key, cols), bold: true, underline: true }]
        : [
            {
              text: truncate(r.key, keyCol - 1).padEnd(keyCol),
              color: theme.text.accent,
              bold: true,
            },
            { text: truncate(r.text, Math.max(1, cols - keyCol)) },
          ],
    );
    const title: Line = [
      { text: truncate('Keys (esc or ? closes)', cols), color: theme.text.accent, bold: true },
    ];
    return <Card lines={[title, ...lines]} width={width} height={height} />;
  }
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="double"
      borderColor={theme.border.focused}
      paddingX={1}
    >
      <Text bold color={theme.text.accent}>
        {truncate('Keys (esc or ? closes)', cols)}
      </Text>
      <Box flexDirection="row">
        {Array.from({ length: columns }, (_, c) => (
          <Box key={c} flexDirection="column" width={colWidth}>
            {rows.slice(c * perCol, c * perCol + Math.min(perCol, inner)).map((r, i) =>
              r.title ? (
                <Text key={i} bold underline wrap="truncate-end">
                  {truncate(r.key, colWidth - 1)}
                </Text>
              ) : (
                <Text key={i} wrap="truncate-end">
                  <Text color={theme.text.accent} bold>
                    {truncate(r.key, keyCol - 1).padEnd(keyCol)}
                  </Text>
                  {truncate(r.text, Math.max(1, colWidth - keyCol - 1))}
                </Text>
              ),
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
