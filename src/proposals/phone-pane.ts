/**
 * The Phone of a proposal scenario as styled lines, from its slice of the session state: the tick,
 * the simulated time and the agent's phase (observing, or executing an accepted proposal); the
 * screen the user is on; the notification strip, as the user sees it (previews); every proposal
 * with its verdict; and the user's recent moves. A person playing the user is told how to use the
 * phone by keyboard and how to answer a proposal. The TUI's Phone pane shows them (view.ts
 * registers it), and the exported casts, SVGs and presentation screen draw the same lines.
 */
import { shortTime } from '../text/format.ts';
import type { Line, Theme } from '../contracts/styled.ts';
import { proposalMark } from '../session/marks.ts';
import { breakAtDots, wrapWithPrefix } from '../text/text.ts';
import { phaseText, tickText, type PhoneState } from './phone-state.ts';

/** How a person plays the user on the phone, typed into the input box. */
export const PHONE_HELP = [
  'type a number to open that item; an action by name (add_task opens its form: fill title',
  'Hand soap, then submit); back, home, open_app NAME; wait lets a tick pass;',
  'say TEXT writes to the assistant; ctrl+y or ctrl+r answers a proposal (reject REASON says why)',
];

const NOTIFICATIONS_SHOWN = 3;
const MOVES_SHOWN = 4;

/** The pane's content as blocks: status, screen, notifications, proposals, moves (and help while playing). */
export function phoneBlocks(
  phone: PhoneState,
  cols: number,
  theme: Theme,
  opts: { playing: boolean },
): Line[][] {
  const pending = phone.proposals.find((p) => !p.verdict);
  // Broken at its dots when the pane is narrow: cut, it would lose what the agent is doing.
  const status: Line[] = breakAtDots(
    [
      { text: '📱 ', color: theme.text.accent },
      { text: tickText(phone), bold: true },
      ...(phone.at ? [{ text: ` · ${shortTime(phone.at)}`, color: theme.text.secondary }] : []),
      {
        text: ` · agent ${phaseText(phone)}`,
        color:
          phone.phase === 'observe' && !phone.executed ? theme.text.muted : theme.level.warning,
        bold: phone.phase === 'execute' || Boolean(phone.executed),
      },
    ],
    cols,
  );
  const screen: Line[] = phone.screen?.length
    ? phone.screen.flatMap((l, i) => screenLines(l, i, cols, theme))
    : [[{ text: 'The user has not opened an app yet.', color: theme.text.muted }]];
  const notes = phone.notifications.slice(-NOTIFICATIONS_SHOWN);
  // A preview is cut by the phone, not by the pane (the user sees only that much, as in PARE):
  // said so, lest it read as text the pane had no room for.
  const cut = notes.some((n) => n.preview.endsWith('…'));
  const previews = opts.playing
    ? 'previews: open the app to read one whole'
    : "previews, as the user's phone shows them";
  const notifications: Line[] = [
    ...wrapWithPrefix(
      [
        {
          text: `Notifications ${phone.notifications.length}`,
          color: theme.text.secondary,
          bold: true,
        },
      ],
      cut ? ` · ${previews}` : '',
      cols,
      { color: theme.text.muted },
    ),
    ...notes.flatMap((n): Line[] =>
      wrapWithPrefix(
        [
          { text: '🔔 ', color: theme.level.info },
          { text: `${n.app}: `, bold: true },
        ],
        n.spurious && !opts.playing ? `${n.preview} (noise)` : n.preview,
        cols,
        n.spurious && !opts.playing ? { color: theme.text.muted } : {},
      ),
    ),
  ];
  const proposals: Line[] = [
    [{ text: `Proposals ${phone.proposals.length}`, color: theme.text.secondary, bold: true }],
    ...phone.proposals.flatMap((p): Line[] => {
      const mark = proposalMark(p.verdict, theme, opts.playing);
      return [
        [
          { text: `${p.id} `, bold: true },
          { text: mark.text, color: mark.color, bold: true },
        ],
        ...wrapWithPrefix([{ text: '  ' }], p.summary, cols),
      ];
    }),
    ...(pending && opts.playing
      ? [
          [
            {
              text: `  ctrl+y accepts ${pending.id} · ctrl+r rejects it`,
              color: theme.level.warning,
              bold: true,
            },
          ] as Line,
          [{ text: '  (reject REASON, then enter, says why)', color: theme.text.muted }] as Line,
        ]
      : []),
  ];
  const moves: Line[] = [
    [{ text: 'Moves', color: theme.text.secondary, bold: true }],
    ...phone.moves
      .slice(-MOVES_SHOWN)
      .flatMap((m) =>
        wrapWithPrefix(
          [{ text: m.ok ? '· ' : '✗ ', color: m.ok ? theme.text.muted : theme.level.error }],
          `${m.app ? `${m.app}: ` : ''}${m.text}`,
          cols,
          { color: m.ok ? undefined : theme.level.error },
        ),
      ),
  ];
  // The hints wrap as one text: cut at the pane's edge they would lose the keys at their ends.
  const help: Line[] = opts.playing
    ? wrapWithPrefix([], PHONE_HELP.join(' '), cols, { color: theme.text.muted })
    : [];
  return [status, screen, notifications, proposals, moves, ...(help.length ? [help] : [])];
}

/** One line of the user's screen: its title, the actions it offers, or an item. */
function screenLines(line: string, i: number, cols: number, theme: Theme): Line[] {
  if (i === 0) return [[{ text: line, bold: true, color: theme.text.accent }]];
  if (line.startsWith('actions: '))
    return wrapWithPrefix([{ text: '  ', color: theme.text.muted }], line, cols, {
      color: theme.text.secondary,
    });
  return wrapWithPrefix([{ text: '' }], line, cols);
}

/** The title line's note, longest first: the tick, the phase, whether a proposal waits. */
export function phoneInfo(phone: PhoneState): readonly string[] {
  const pending = phone.proposals.some((p) => !p.verdict);
  return [
    `tick ${phone.tick} · ${phone.executed ? `executed ${phone.executed}` : phone.phase}${pending ? ' · proposal waiting' : ''}`,
    `tick ${phone.tick}${pending ? ' · proposal' : ''}`,
    `tick ${phone.tick}`,
  ];
}
