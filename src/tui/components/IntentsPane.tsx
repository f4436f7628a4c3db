/**
 * The hidden intents: each with its status (a symbol and a colour of its own), the turn
 * and cause of its last change, and the evidence or question behind it; a fresh change
 * is highlighted briefly. In play, keys reveal the selected intent or set its status by
 * hand. When a person plays the agent, the intents stay hidden until the session ends.
 */
import { useContext, useMemo } from 'react';
import type { IntentInfo, IntentStatus } from '../../contracts/events.ts';
import type { IntentView } from '../../store/state.ts';
import { intentCounts, procSoFar } from '../../store/selectors.ts';
import { whenChanged } from '../../text/causes.ts';
import { SessionUiContext, useControl, useSession } from '../context.tsx';
import { fmtScore, hiddenIntents } from '../../text/format.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useRecentChanges } from '../hooks/useRecentChanges.ts';
import { useTheme, type Theme } from '../theme.ts';
import { breakAtDots, wrapBounded, wrapWithPrefix, type Line } from '../../text/text.ts';
import { REASON_LINES } from './ChecklistPane.tsx';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

export function intentBlock(
  intent: IntentInfo,
  view: IntentView | undefined,
  cols: number,
  theme: Theme,
  opts: { fresh: boolean; selected: boolean; showReveal: boolean },
): Line[] {
  const status = view?.status ?? 'open';
  const mark = theme.intent[status];
  const last = view?.last;
  const head: Line = [
    { text: mark.symbol + ' ', color: mark.color, bold: true },
    { text: intent.id, bold: true },
    { text: ' ' },
    { text: mark.label, color: mark.color, inverse: opts.fresh, bold: opts.fresh },
    ...(last ? [{ text: ` · ${whenChanged(last)}`, color: theme.text.muted }] : []),
  ];
  const indent: Line = [{ text: '  ' }];
  const lines: Line[] = [...breakAtDots(head, cols), ...wrapWithPrefix(indent, intent.text, cols)];
  // Selected, every change it went through; otherwise the last one.
  let history = last ? [last] : [];
  if (opts.selected) history = view?.history ?? [];
  for (const h of history) {
    const what = h.cause === 'question' ? `“${h.detail}”` : h.detail;
    const prefix = opts.selected && history.length > 1 ? `t${h.turn} ${h.to}: ` : '';
    lines.push(
      ...wrapBounded(
        [{ text: '  ↳ ', color: theme.text.muted }],
        prefix + what,
        cols,
        REASON_LINES,
        { color: theme.text.muted, italic: true },
        { color: theme.text.secondary },
      ),
    );
  }
  if (opts.showReveal && opts.selected && status === 'open')
    lines.push(
      ...wrapWithPrefix(
        [{ text: '  ↵ ', color: theme.text.accent, bold: true }],
        `says “${intent.reveal}”`,
        cols,
        {
          color: theme.text.accent,
        },
      ),
    );
  return lines;
}

/** A study participant's goals card: what they want, without statuses, causes or evidence. */
export function goalBlock(
  intent: IntentInfo,
  cols: number,
  theme: Theme,
  opts: { selected: boolean },
): Line[] {
  const lines = wrapWithPrefix(
    [{ text: '• ', color: theme.text.accent, bold: true }],
    intent.text,
    cols,
  );
  if (opts.selected)
    lines.push(
      ...wrapWithPrefix(
        [{ text: '  ↵ ', color: theme.text.accent, bold: true }],
        `says “${intent.reveal}”`,
        cols,
        {
          color: theme.text.accent,
        },
      ),
    );
  return lines;
}

/** Counts per status, the settled ones first (the pane title cuts from the right). */
const COUNT_ORDER: readonly IntentStatus[] = [
  'completed',
  'inferred',
  'provided',
  'unresolved',
  'open',
];

export function countsText(counts: Record<IntentStatus, number>, theme: Theme): string {
  return COUNT_ORDER.map((s) => `${theme.intent[s].symbol}${counts[s]}`).join(' ');
}

export function IntentsPane({ box, focused, title }: PaneProps) {
  const theme = useTheme();
  const ui = useContext(SessionUiContext);
  const intents = useSession((s) => s.intents);
  const states = useSession((s) => s.intentStates);
  const ended = useSession((s) => Boolean(s.end));
  const mode = useControl((c) => c.mode);
  const reveal = useControl((c) => c.revealIntents);
  const participant = useControl((c) => c.participant);
  const goals = participant?.intents === 'goals';
  const hidden = !reveal && !ended;
  const playing = mode === 'play';
  const { cols, rows } = paneInner(box);
  const cursor = useListCursor(intents.length);
  const selectedId = intents[cursor.selected]?.id;
  const versions = useMemo(
    () => Object.fromEntries(intents.map((i) => [i.id, states[i.id]?.last?.seq])),
    [intents, states],
  );
  const fresh = useRecentChanges(versions);

  const blocks = useMemo(() => {
    if (hidden) return [];
    if (goals)
      return intents.map((i) =>
        goalBlock(i, cols - 1, theme, { selected: focused && i.id === selectedId }),
      );
    return intents.map((i) =>
      intentBlock(i, states[i.id], cols - 1, theme, {
        fresh: fresh.has(i.id),
        selected: focused && i.id === selectedId,
        showReveal: playing,
      }),
    );
  }, [hidden, goals, intents, states, cols, theme, fresh, focused, selectedId, playing]);
  const view = useBlockWindow(blocks, cursor.selected, rows, {
    marked: focused,
    gutterColor: theme.text.accent,
  });

  useKeyActions(
    playing ? ['intents', 'pane'] : ['pane'],
    {
      ...cursorActions(cursor, view.starts, rows),
      reveal: () => {
        const intent = intents[cursor.selected];
        // Open: reveal it. Inferred: the agent asked about it, and this answers the question
        // (the engine leaves an inferred intent inferred; only open ones become provided).
        if (!intent) return;
        const status = states[intent.id]?.status ?? 'open';
        if (status === 'open' || status === 'inferred') ui.reveal(intent.id, intent.reveal);
        // A study participant reads no ids or statuses.
        else
          ui.note(
            goals
              ? 'that goal is already taken care of'
              : `${intent.id} is already ${status}: there is nothing left to reveal`,
          );
      },
      overrideMenu: () => {
        if (playing && selectedId) ui.override(selectedId);
      },
    },
    { active: focused && !hidden, priority: PRIORITY.pane },
  );

  const proc = useSession(procSoFar);
  const counts = useMemo(() => intentCounts({ intents, intentStates: states }), [intents, states]);
  let info: string | string[] = [
    `Proc ${fmtScore(proc)} · ${countsText(counts, theme)}`,
    `Proc ${fmtScore(proc)}`,
  ];
  if (goals) info = '';
  else if (participant && !participant.verdicts) info = countsText(counts, theme);
  else if (hidden) info = `${intents.length} hidden`;
  // Wrapped, not cut: the pane has the rows, and the person must read how to see them.
  const muted = { color: theme.text.muted };
  const lines: Line[] = hidden
    ? [
        `${hiddenIntents(intents.length)}: they stay hidden while you play the agent`,
        '(start with --reveal-intents to see them; all show at the end)',
      ].flatMap((text) => wrapWithPrefix([{ text: ' ' }], text, cols, muted))
    : view.visible;
  return (
    <Pane title={title} info={info} focused={focused} box={box}>
      <LineView lines={lines} top={0} height={rows} cols={cols} />
    </Pane>
  );
}
