/**
 * A session opens on a card: its title, the persona, the request that starts it and, for the
 * person watching or playing the user, the hidden intents. Enter begins; watching, it also
 * begins after its pace unless paused. Each session of a chain gets its own card. A card taller
 * than the screen scrolls with ↑/↓ (and page keys), with how to begin always in sight.
 */
import { Box } from 'ink';
import { useState } from 'react';
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme, type Theme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import type { ControlState } from '../session/controller.ts';
import type { SessionState } from '../../store/state.ts';
import { paneTitle } from '../pane-specs.ts';
import { LineView } from './LineView.tsx';

/** Who the person is in this session, in a few words. */
function seatLine(control: Pick<ControlState, 'mode'>): string {
  return control.mode === 'play'
    ? 'You play the user.'
    : control.mode === 'agent'
      ? 'You play the agent.'
      : 'You watch the agent and the simulated user.';
}

/**
 * The card's lines. `intents`: whether the hidden intents are listed (never for a person playing
 * the agent: they are what the agent must find out; a study shows them only as goals).
 */
export function openingLines(
  session: Pick<SessionState, 'scenario' | 'intents'>,
  control: Pick<ControlState, 'mode' | 'paused' | 'delayMs' | 'participant'>,
  cols: number,
  theme: Theme,
): Line[] {
  const s = session.scenario;
  if (!s) return [[{ text: 'The session is starting…', color: theme.text.muted }]];
  const lines: Line[] = [
    [
      { text: s.title, bold: true, color: theme.text.accent },
      { text: `  ${s.id}${s.of > 1 ? ` (${s.index + 1}/${s.of})` : ''}`, color: theme.text.secondary },
    ],
    [],
    ...wrapWithPrefix(
      [{ text: 'Persona  ', bold: true }],
      s.personaCard ? `${s.personaCard.name} · ${s.personaCard.role}` : s.persona,
      cols,
    ),
    [{ text: 'Seat     ', bold: true }, { text: seatLine(control) }],
    [],
    ...wrapWithPrefix(
      [{ text: s.trigger.kind === 'event' ? `Event${s.trigger.source ? ` (${s.trigger.source})` : ''}  ` : 'Request  ', bold: true }],
      `“${s.trigger.text}”`,
      cols,
    ),
  ];
  const showIntents = control.mode !== 'agent' && session.intents.length > 0;
  if (showIntents) {
    const goals = control.participant?.intents === 'goals';
    lines.push(
      [],
      [
        { text: paneTitle('intents', control.participant?.intents), bold: true },
        ...(goals
          ? []
          : [
              {
                text: control.mode === 'play' ? '  (what you want; the agent does not know them)' : '  (the agent does not see them)',
                color: theme.text.muted,
              },
            ]),
      ],
    );
    for (const i of session.intents) lines.push(...wrapWithPrefix([{ text: `  ${goals ? '•' : i.id} `, bold: true }], i.text, cols));
  } else if (control.mode === 'agent' && session.intents.length)
    lines.push(
      [],
      [
        {
          text: `The user has ${session.intents.length} needs they have not said: find them out. They show at the end.`,
          color: theme.text.muted,
        },
      ],
    );
  const wait =
    control.mode !== 'watch'
      ? 'enter begins'
      : control.paused
        ? 'enter begins (the watch is paused: s runs one turn)'
        : `enter begins now; it begins by itself in ${Math.round((control.delayMs * 3) / 100) / 10} s`;
  lines.push([], [{ text: wait, color: theme.text.secondary }]);
  if (control.mode === 'play') lines.push([{ text: 'ctrl+p shows who you are at any time', color: theme.text.secondary }]);
  return lines;
}

/** Lines at the card's end that stay in sight when its text is scrolled: how to begin (and ctrl+p when playing). */
const footerRows = (mode: ControlState['mode']) => (mode === 'play' ? 3 : 2);

export function OpeningCard({ width, height, onBegin }: { width: number; height: number; onBegin: () => void }) {
  const theme = useTheme();
  const scenario = useSession((s) => s.scenario);
  const intents = useSession((s) => s.intents);
  const mode = useControl((c) => c.mode);
  const paused = useControl((c) => c.paused);
  const delayMs = useControl((c) => c.delayMs);
  const participant = useControl((c) => c.participant);
  const cols = Math.max(10, width - 4);
  const lines = openingLines({ scenario, intents }, { mode, paused, delayMs, participant }, cols, theme);
  const rows = Math.max(1, height - 2);
  // A card taller than the screen (many goals at 80×24) scrolls with ↑/↓, its last lines pinned.
  const footer = scenario && lines.length > rows ? footerRows(mode) : 0;
  const bodyRows = Math.max(1, rows - footer - (footer ? 1 : 0));
  const body = footer ? lines.slice(0, -footer) : lines;
  const [top, setTop] = useState(0);
  const maxTop = Math.max(0, body.length - bodyRows);
  const scroll = (d: number) => setTop((t) => Math.max(0, Math.min(maxTop, t + d)));
  useKeyActions(['opening'], { begin: onBegin }, { priority: PRIORITY.dialog });
  // Arrow and page keys only: letters type into the input box under the card.
  const steps: Record<string, number> = { up: -1, down: 1, pageup: -bodyRows, pagedown: bodyRows };
  useKeyActions(
    [],
    {},
    { priority: PRIORITY.dialog, active: maxTop > 0, onOtherKey: (p) => (p.name in steps ? (scroll(steps[p.name]!), true) : false) },
  );
  const at = Math.min(top, maxTop);
  const more: Line = [
    {
      text: at < maxTop ? `↓ more (${body.length - at - bodyRows} lines): ↑/↓ scroll` : '↑ scrolls back up',
      color: theme.text.accent,
    },
  ];
  const shown = footer ? [...body.slice(at, at + bodyRows), more, ...lines.slice(-footer)] : lines;
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="double" borderColor={theme.border.focused} paddingX={1}>
      <LineView lines={shown} top={0} height={rows} cols={cols} />
    </Box>
  );
}
