/**
 * The conversation: messages, one-line tool calls that expand, notices, and the reply
 * streaming in. Up/down select an item (the view follows the newest one until you move
 * up); enter expands a tool call. Only the visible lines are rendered.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionState, TurnState } from '../../store/state.ts';
import { useControl, useSession } from '../context.tsx';
import { liveLines, turnBlocks, type Block } from '../conversation-lines.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useTheme, type Theme } from '../theme.ts';
import { wrapWithPrefix, type Line } from '../../text/text.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

const isOpenFor = (expanded: ReadonlySet<string>, all: boolean) => (k: string) =>
  all !== expanded.has(k);

/** Turns wrapped on the first frame; the earlier ones are wrapped in the background. */
const FIRST_TURNS = 24;
/** Background wrapping works in slices this long, so frames keep coming while it runs. */
const SLICE_MS = 4;

/**
 * The first turn to show. Opening a long session (a replay, a resize) wraps only its last
 * turns for the first frame, then the earlier ones in short slices between frames
 * (turnBlocks caches them), and shows them all at once when done: the visible lines do not
 * change meanwhile, so drawing each slice would only cost frames.
 */
function useProgressiveStart(
  turns: readonly TurnState[],
  cols: number,
  build: (t: TurnState) => unknown,
): number {
  const [state, setState] = useState(() => ({
    cols,
    from: Math.max(0, turns.length - FIRST_TURNS),
  }));
  const from =
    state.cols === cols
      ? Math.min(state.from, Math.max(0, turns.length - FIRST_TURNS))
      : Math.max(0, turns.length - FIRST_TURNS);
  const buildRef = useRef(build);
  buildRef.current = build;
  useEffect(() => {
    if (from === 0) return;
    let next = from;
    const work = () => {
      const until = performance.now() + SLICE_MS;
      while (next > 0 && performance.now() < until) buildRef.current(turns[--next]!);
      if (next > 0) timer = setImmediate(work);
      else setState({ cols, from: 0 });
    };
    let timer = setImmediate(work);
    return () => clearImmediate(timer);
  }, [from, cols, turns]);
  return from;
}

/**
 * The selected item, held by its key so that items arriving in front (earlier turns
 * wrapped in the background) do not move it; null follows the newest item.
 */
function useKeyedCursor(blocks: readonly Block[]) {
  const [key, setKey] = useState<string | null>(null);
  const index = useMemo(() => new Map(blocks.map((b, i) => [b.key, i])), [blocks]);
  const last = blocks.length - 1;
  const found = key === null ? undefined : index.get(key);
  const following = found === undefined;
  const selected = following ? Math.max(0, last) : found;
  const set = (i: number) => {
    const clamped = Math.max(0, Math.min(last, i));
    setKey(clamped >= last ? null : (blocks[clamped]?.key ?? null));
  };
  return {
    selected,
    following,
    set,
    up: () => set(selected - 1),
    down: () => set(selected + 1),
    top: () => set(0),
    bottom: () => setKey(null),
  };
}

export function ConversationPane({ box, focused, title }: PaneProps) {
  const theme = useTheme();
  const turns = useSession((s) => s.turns);
  const stream = useSession((s) => s.stream);
  const awaiting = useSession((s) => s.awaiting);
  const reading = useSession((s) => s.reading);
  const phone = useSession((s) => Boolean(s.phone));
  const started = useSession((s) => Boolean(s.scenario));
  const trigger = useSession((s) => s.scenario?.trigger);
  const mode = useControl((c) => c.mode);
  // Which hidden intents a user message concerns is hidden from a person playing the agent, as the intents are.
  const ended = useSession((s) => Boolean(s.end));
  // A study participant who sees goals reads no intent ids under their messages.
  const goals = useControl((c) => c.participant?.intents === 'goals');
  const intents = (useControl((c) => c.mode !== 'agent' || c.revealIntents) || ended) && !goals;
  // The turns in which a person is the user: all of a play, those after the take-over of a watch.
  const takenOver = useControl((c) => Boolean(c.takenOver));
  const personAfter = takenOver ? takenOverAfter(turns) : playingFromStart(mode);
  const { cols, rows } = paneInner(box);
  const textCols = cols - 1; // one column of gutter marks the selected item
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [allExpanded, setAllExpanded] = useState(false);

  const reader = (t: TurnState) => ({
    intents,
    user: personAfter !== undefined && t.turn > personAfter,
  });
  const from = useProgressiveStart(turns, textCols, (t) =>
    turnBlocks(t, textCols, isOpenFor(expanded, allExpanded), theme, reader(t)),
  );
  const blocks = useMemo(() => {
    const isOpen = isOpenFor(expanded, allExpanded);
    return turns.slice(from).flatMap((t) => turnBlocks(t, textCols, isOpen, theme, reader(t)));
  }, [turns, from, textCols, expanded, allExpanded, theme, intents, personAfter]);
  const blockLines = useMemo(() => blocks.map((b) => b.lines), [blocks]);

  const you = ownRole(mode);
  const tail = useMemo(
    () => liveLines(stream, awaiting, textCols, theme, you, reading, phone),
    [stream, awaiting, textCols, theme, you, reading, phone],
  );
  const cursor = useKeyedCursor(blocks);
  const view = useBlockWindow(blockLines, cursor.selected, rows, {
    following: cursor.following,
    marked: focused,
    tail,
    gutterColor: theme.text.accent,
  });

  useKeyActions(
    ['conversation', 'pane'],
    {
      ...cursorActions(cursor, view.starts, rows),
      select: () => {
        const key = blocks[cursor.selected]?.toolKey;
        if (!key) return;
        setExpanded((prev) => {
          const next = new Set(prev);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        });
      },
      toggleAll: () => {
        setAllExpanded((v) => !v);
        setExpanded(new Set());
      },
    },
    { active: focused, priority: PRIORITY.pane },
  );

  // Before the first turn (a replay at turn 0, a paused watch) the request that opens the session is shown.
  let lines = view.visible;
  if (!started) lines = [[{ text: ' Waiting for the session to start…', color: theme.text.muted }]];
  else if (!blocks.length && !tail.length && trigger)
    lines = triggerLines(trigger, textCols, theme);
  return (
    <Pane title={title} info={view.info} focused={focused} box={box}>
      <LineView lines={lines} top={0} height={rows} cols={cols} />
    </Pane>
  );
}

/** The turn after which a person took over the user of a watch, from the notice the session wrote then. */
function takenOverAfter(turns: readonly TurnState[]): number | undefined {
  for (const t of turns)
    for (const it of t.items) {
      const after =
        it.kind === 'notice' && /^a person took over the user after turn (\d+)/.exec(it.text);
      if (after) return Number(after[1]);
    }
  return undefined;
}

/** Playing the user from the start, every turn is the person's (after turn 0). */
function playingFromStart(mode: string): number | undefined {
  return mode === 'play' ? 0 : undefined;
}

/** The role whose words are the person's own: the user's when playing, the agent's as the agent. */
function ownRole(mode: string): 'user' | 'agent' | null {
  if (mode === 'play') return 'user';
  return mode === 'agent' ? 'agent' : null;
}

/** The request or event that opens the session, shown before its first turn. */
function triggerLines(
  trigger: NonNullable<SessionState['scenario']>['trigger'],
  cols: number,
  theme: Theme,
): Line[] {
  const text =
    trigger.kind === 'event'
      ? ` event${trigger.source ? ` from ${trigger.source}` : ''} (arrives at turn 1)`
      : ' request (the user sends it at turn 1)';
  return [
    [{ text, color: theme.text.muted, italic: true }],
    ...wrapWithPrefix([{ text: ' ' }], trigger.text, cols),
  ];
}
