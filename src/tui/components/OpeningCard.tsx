/**
 * A session opens on a card: its title, the persona, the request that starts it and, for the
 * person watching or playing the user, the hidden intents. Enter begins; watching, it also
 * begins after its pace unless paused. Each session of a chain gets its own card. A card taller
 * than the screen scrolls with ↑/↓ (and page keys), with how to begin always in sight.
 */
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme, type Theme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import type { ControlState } from '../session/controller.ts';
import type { SessionState } from '../../store/state.ts';
import { paneTitle } from '../pane-specs.ts';
import { openingParadigmLines } from '../paradigm-views.ts';
import type { SessionSlices } from '../../contracts/paradigm-view.ts';
import { Card } from './Card.tsx';
import { counted } from '../../text/format.ts';

/** Who the person is in this session, in a few words. */
function seatLine(control: Pick<ControlState, 'mode'>): string {
  if (control.mode === 'play') return 'You play the user.';
  if (control.mode === 'agent') return 'You play the agent.';
  return 'You watch the agent and the simulated user.';
}

/** How the session begins: enter, or by itself after a moment when watching. */
function beginLine(control: Pick<ControlState, 'mode' | 'paused' | 'delayMs'>): string {
  if (control.mode !== 'watch') return 'enter begins';
  if (control.paused) return 'enter begins (the watch is paused: s runs one turn)';
  const seconds = Math.round((control.delayMs * 3) / 100) / 10;
  return `enter begins now; it begins by itself in ${seconds} s`;
}

/**
 * The card's lines. `intents`: whether the hidden intents are listed (never for a person playing
 * the agent: they are what the agent must find out; a study shows them only as goals).
 */
export function openingLines(
  session: Pick<SessionState, 'scenario' | 'intents'> & Partial<SessionSlices>,
  control: Pick<ControlState, 'mode' | 'paused' | 'delayMs' | 'participant'>,
  cols: number,
  theme: Theme,
): Line[] {
  const s = session.scenario;
  if (!s) return [[{ text: 'The session is starting…', color: theme.text.muted }]];
  const lines: Line[] = [
    [
      { text: s.title, bold: true, color: theme.text.accent },
      {
        text: `  ${s.id}${s.of > 1 ? ` (${s.index + 1}/${s.of})` : ''}`,
        color: theme.text.secondary,
      },
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
      [
        {
          text:
            s.trigger.kind === 'event'
              ? `Event${s.trigger.source ? ` (${s.trigger.source})` : ''}  `
              : 'Request  ',
          bold: true,
        },
      ],
      // π-Bench's requests are YAML blocks that end in a newline: the quote closes on the text.
      `“${s.trigger.text.trim()}”`,
      cols,
    ),
    // What the scenario's paradigm says of it (its lines, when it has any).
    ...openingParadigmLines(session, cols, theme),
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
                text:
                  control.mode === 'play'
                    ? '  (what you want; the agent does not know them)'
                    : '  (the agent does not see them)',
                color: theme.text.muted,
              },
            ]),
      ],
    );
    for (const i of session.intents)
      lines.push(
        ...wrapWithPrefix([{ text: `  ${goals ? '•' : i.id} `, bold: true }], i.text, cols),
      );
  } else if (control.mode === 'agent' && session.intents.length)
    lines.push(
      [],
      // Wrapped: in 80 columns the line was cut before 'They show at the end.'
      ...wrapWithPrefix(
        [],
        `The user has ${counted(session.intents.length, 'need')} they have not said: find them out. They show at the end.`,
        cols,
        { color: theme.text.muted },
      ),
    );
  lines.push([], [{ text: beginLine(control), color: theme.text.secondary }]);
  if (control.mode === 'play')
    lines.push([{ text: 'ctrl+p shows who you are at any time', color: theme.text.secondary }]);
  return lines;
}

/** The card's last lines (what enter does, ctrl+p): its footer, which stays in view while the rest scrolls. */
export const OPENING_FOOTER_ROWS = (mode: ControlState['mode']): number =>
  mode === 'play' ? 2 : 1;

export function OpeningCard({
  width,
  height,
  onBegin,
}: {
  width: number;
  height: number;
  onBegin: () => void;
}) {
  const theme = useTheme();
  const session = useSession((s) => s);
  const mode = useControl((c) => c.mode);
  const paused = useControl((c) => c.paused);
  const delayMs = useControl((c) => c.delayMs);
  const participant = useControl((c) => c.participant);
  useKeyActions(['opening'], { begin: onBegin }, { priority: PRIORITY.dialog });
  const cols = Math.max(10, width - 4);
  const lines = openingLines(session, { mode, paused, delayMs, participant }, cols, theme);
  const footerRows = session.scenario ? OPENING_FOOTER_ROWS(mode) : 0;
  return (
    <Card
      lines={lines.slice(0, lines.length - footerRows)}
      footer={lines.slice(lines.length - footerRows)}
      width={width}
      height={height}
    />
  );
}
