/**
 * The Phone of a proposal scenario: the tick, the simulated time and the agent's phase
 * (observing, or executing an accepted proposal); the screen the user is on (title, content,
 * actions and their form fields); the notification strip, as the user sees it (previews); every
 * proposal with its verdict; and the user's recent moves. A person playing the user is told
 * how to use the phone by keyboard and how to answer a proposal.
 */
import { useMemo } from 'react';
import type { PhoneState } from '../../store/phone.ts';
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useTheme, type Theme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../text.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneBox } from './Pane.tsx';
import { shortTime } from './TimelinePane.tsx';

/** How a person plays the user on the phone, typed into the input box. */
export const PHONE_HELP = [
  'type a number to open that item; an action by name, its fields after it separated by |',
  '(add_task Hand soap | 2026-05-01); back, home, open_app NAME; wait lets a tick pass;',
  'say TEXT writes to the assistant; y or n answers a proposal (reject REASON says why)',
];

const NOTIFICATIONS_SHOWN = 3;
const MOVES_SHOWN = 4;

/** The pane's content as blocks: status, screen, notifications, proposals, moves (and help while playing). */
export function phoneBlocks(phone: PhoneState, cols: number, theme: Theme, opts: { playing: boolean }): Line[][] {
  const pending = phone.proposals.find((p) => !p.verdict);
  const status: Line[] = [
    [
      { text: '📱 ', color: theme.text.accent },
      { text: `tick ${phone.tick}/${phone.info.steps || '–'}`, bold: true },
      ...(phone.at ? [{ text: `  ${shortTime(phone.at)}`, color: theme.text.secondary }] : []),
      { text: `  agent ${phone.phase === 'observe' ? 'observing' : 'executing'}`, color: phone.phase === 'execute' ? theme.level.warning : theme.text.muted, bold: phone.phase === 'execute' },
    ],
  ];
  const screen: Line[] = phone.screen?.length
    ? phone.screen.flatMap((l, i): Line[] =>
        i === 0 ? [[{ text: l, bold: true, color: theme.text.accent }]] : l.startsWith('actions: ') ? wrapWithPrefix([{ text: '  ', color: theme.text.muted }], l, cols, { color: theme.text.secondary }) : wrapWithPrefix([{ text: '' }], l, cols),
      )
    : [[{ text: 'The user has not opened an app yet.', color: theme.text.muted }]];
  const notes = phone.notifications.slice(-NOTIFICATIONS_SHOWN);
  const notifications: Line[] = [
    [{ text: `Notifications ${phone.notifications.length}`, color: theme.text.secondary, bold: true }],
    ...notes.map((n): Line => [{ text: '🔔 ', color: theme.level.info }, { text: `${n.app}: `, bold: true }, { text: n.preview, color: n.spurious && !opts.playing ? theme.text.muted : undefined }, ...(n.spurious && !opts.playing ? [{ text: ' (noise)', color: theme.text.muted }] : [])]),
  ];
  const proposals: Line[] = [
    [{ text: `Proposals ${phone.proposals.length}`, color: theme.text.secondary, bold: true }],
    ...phone.proposals.flatMap((p): Line[] => {
      const mark = p.verdict === 'accepted' ? { text: '✓ accepted', color: theme.check.pass.color } : p.verdict === 'rejected' ? { text: '✗ rejected', color: theme.level.error } : { text: '? waiting for the user', color: theme.level.warning };
      return [[{ text: `${p.id} `, bold: true }, { text: mark.text, color: mark.color, bold: true }], ...wrapWithPrefix([{ text: '  ' }], p.summary, cols)];
    }),
    ...(pending && opts.playing ? [[{ text: `  y accepts ${pending.id} · n rejects it`, color: theme.level.warning, bold: true }] as Line, [{ text: '  (reject REASON, then enter, says why)', color: theme.text.muted }] as Line] : []),
  ];
  const moves: Line[] = [
    [{ text: 'Moves', color: theme.text.secondary, bold: true }],
    ...phone.moves.slice(-MOVES_SHOWN).flatMap((m) => wrapWithPrefix([{ text: m.ok ? '· ' : '✗ ', color: m.ok ? theme.text.muted : theme.level.error }], `${m.app ? `${m.app}: ` : ''}${m.text}`, cols, { color: m.ok ? undefined : theme.level.error })),
  ];
  const help: Line[] = opts.playing ? PHONE_HELP.map((l): Line => [{ text: l, color: theme.text.muted }]) : [];
  return [status, screen, notifications, proposals, moves, ...(help.length ? [help] : [])];
}

export function PhonePane({ box, focused }: { box: PaneBox; focused: boolean }) {
  const theme = useTheme();
  const phone = useSession((s) => s.phone);
  const playing = useControl((c) => c.mode === 'play');
  const { cols, rows } = paneInner(box);
  const blocks = useMemo(() => (phone ? phoneBlocks(phone, cols - 1, theme, { playing }) : []), [phone, cols, theme, playing]);
  const cursor = useListCursor(blocks.length);
  const view = useBlockWindow(blocks, cursor.selected, rows, { marked: focused, gutterColor: theme.text.accent });
  useKeyActions(['pane'], cursorActions(cursor, view.starts, rows), { active: focused, priority: PRIORITY.pane });
  const pending = phone?.proposals.some((p) => !p.verdict);
  const info = phone ? [`tick ${phone.tick} · ${phone.phase}${pending ? ' · proposal waiting' : ''}`, `tick ${phone.tick}${pending ? ' · proposal' : ''}`, `tick ${phone.tick}`] : '';
  return (
    <Pane title="Phone" info={info} focused={focused} box={box}>
      <LineView lines={phone ? view.visible : [[{ text: ' This scenario has no phone.', color: theme.text.muted }]]} top={0} height={rows} cols={cols} />
    </Pane>
  );
}
