/**
 * The Timeline pane of a time scenario, as blocks of styled lines: the simulated clock (and,
 * while the user waits, how much time passes), the task status, the agent's reminders, and every
 * update: when, whether the agent saw it, what it chose and how that was judged. The person
 * watching also sees the updates still to come, marked as hidden from the agent; a person playing
 * the agent does not. The TUI draws it (view.ts registers it) and scrolls it by block.
 */
import type { TimeScores } from '../contracts/events.ts';
import type { Line, Seg, Theme } from '../contracts/styled.ts';
import { updateSeen } from '../sim/update-seen.ts';
import { breakAtDots, wrapWithPrefix } from '../text/text.ts';
import { shortTime } from '../text/format.ts';
import type { TimelineReminder, TimelineState, TimelineUpdate } from './timeline-state.ts';

/** What the agent chose when an update woke it. */
const CHOICE_WORDS: Record<NonNullable<TimelineUpdate['choice']>, string> = {
  follow_up: 'followed up',
  keep_silent: 'kept silent',
};

const REMINDER_SYMBOLS: Record<TimelineReminder['state'], string> = {
  active: '●',
  fired: '✓',
  cancelled: '✗',
};

/** One update; a person playing the agent sees neither what was expected nor the verdict. */
function updateBlock(u: TimelineUpdate, cols: number, theme: Theme, observer: boolean): Line[] {
  const head: Seg[] = [
    { text: `${shortTime(u.at)} `, color: theme.text.secondary },
    { text: `${u.id} `, bold: true },
  ];
  if (!u.happened) head.push({ text: 'to come', color: theme.text.muted, italic: true });
  else if (u.verdict && observer) {
    const v = theme.verdict[u.verdict];
    head.push({ text: `${v.symbol} ${v.label}`, color: v.color, bold: true });
  } else
    head.push({
      text: u.choice ? CHOICE_WORDS[u.choice] : updateSeen(u),
      color: theme.text.accent,
    });
  const how: Line[] = u.happened
    ? breakAtDots(
        [
          {
            text: `  ${u.seen ? 'seen by the agent' : 'not seen (no reminder or push)'}${u.choice ? ` · ${CHOICE_WORDS[u.choice]}` : ''}${u.expect && observer ? ` · ${u.expect.replace('_', ' ')} expected` : ''}`,
            color: theme.text.muted,
          },
        ],
        cols,
      )
    : [[{ text: '  hidden from the agent', color: theme.text.muted, italic: true }]];
  return [
    head,
    ...how,
    ...wrapWithPrefix([{ text: '  ' }], u.text, cols, {
      color: u.happened ? undefined : theme.text.muted,
    }),
  ];
}

const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
const words = (s: string) => s.replaceAll('_', ' ');

/** Once the session is scored: ChronosBench's verdict on it, and each response that went wrong. */
function scoreBlock(t: TimeScores, cols: number, theme: Theme): Line[] {
  const mark = t.completed
    ? { text: '✔ task completed', color: theme.verdict.hit.color }
    : { text: '✗ task not completed', color: theme.verdict.false.color };
  const wrong = [
    ...t.status_errors.map((e) => ({
      turn: e.turn,
      text: `status ${words(e.got)}, expected ${words(e.expected)}`,
    })),
    ...t.action_errors.map((e) => ({ turn: e.turn, text: words(e.type) })),
  ].sort((a, b) => a.turn - b.turn);
  return [
    [
      { text: 'ChronosBench ', color: theme.text.secondary, bold: true },
      { text: `${t.branch}${t.complex ? ', complex' : ''}`, color: theme.text.muted },
    ],
    ...breakAtDots(
      [
        { text: mark.text, color: mark.color, bold: true },
        { text: ` · ${words(t.ending)}`, color: theme.text.secondary },
      ],
      cols,
    ),
    ...breakAtDots(
      [
        {
          text: `action ${pct(t.action_accuracy)} · status ${pct(t.status_accuracy)} of ${t.responses} responses`,
          color: theme.text.secondary,
        },
      ],
      cols,
    ),
    ...wrong.flatMap((w) =>
      wrapWithPrefix([{ text: `  turn ${w.turn}: `, color: theme.text.muted }], w.text, cols),
    ),
  ];
}

/** The pane's content as blocks: a header block, then one per reminder and one per update shown. */
export function timelineBlocks(
  tl: TimelineState,
  cols: number,
  theme: Theme,
  opts: { observer: boolean; scores?: TimeScores | undefined },
): Line[][] {
  const header: Line[] = [
    [
      { text: '⏱ now ', color: theme.text.accent },
      { text: shortTime(tl.now), bold: true },
    ],
    [{ text: `  started ${shortTime(tl.start)}`, color: theme.text.muted }],
  ];
  if (tl.waiting)
    header.push([
      { text: `… ${tl.waiting.passed} pass`, color: theme.level.warning, bold: true },
      { text: ` (the user waits until ${shortTime(tl.waiting.to)})`, color: theme.text.muted },
    ]);
  if (tl.taskStatus || tl.expectStatus)
    header.push([
      { text: 'task ', color: theme.text.muted },
      { text: (tl.taskStatus ?? 'not set').replace('_', ' ') },
    ]);
  if (opts.observer && tl.expectStatus)
    header.push(
      ...wrapWithPrefix([{ text: '  ' }], `expected at the end: ${words(tl.expectStatus)}`, cols, {
        color: theme.text.muted,
      }),
    );
  // The ids the panes and the conversation use (r1, U1) say what they are the first time.
  const title = (text: string) =>
    wrapWithPrefix([], text, cols, { color: theme.text.secondary, bold: true });
  const remindersTitle = title(
    tl.reminders.length ? 'Reminders the agent set (r1, …)' : 'No reminder set by the agent',
  );
  const reminders = tl.reminders.map((r): Line[] => {
    const color = r.state === 'active' ? theme.level.info : theme.text.muted;
    return [
      ...breakAtDots(
        [
          { text: `${REMINDER_SYMBOLS[r.state]} `, color },
          { text: `${r.id} `, bold: true },
          {
            text: `${r.state}${r.fired ? ` · woke the agent ${r.fired}×` : ''}`,
            color: theme.text.secondary,
          },
          ...(r.at ? [{ text: ` · at ${shortTime(r.at)}`, color: theme.text.muted }] : []),
        ],
        cols,
      ),
      ...(r.condition
        ? wrapWithPrefix([{ text: '  when ', color: theme.text.muted }], r.condition, cols)
        : []),
    ];
  });
  const shown = opts.observer ? tl.updates : tl.updates.filter((u) => u.happened && u.seen);
  const hidden = tl.updates.length - shown.length;
  const updatesTitle = title(
    `Updates: how the world changes (U1, …) · ${tl.updates.filter((u) => u.happened).length}/${tl.updates.length} so far`,
  );
  if (!opts.observer && hidden)
    updatesTitle.push([
      {
        text: `  ${hidden} not seen by you (hidden while you play the agent)`,
        color: theme.text.muted,
      },
    ]);
  const wakes = tl.wakes
    .filter((w) => !w.update)
    .map((w): Line[] => [
      [
        { text: `turn ${w.turn} `, bold: true },
        {
          text: `woken at ${shortTime(w.at)} by reminder ${w.reminders.join(', ')}`,
          color: theme.text.secondary,
        },
        ...(w.choice
          ? [
              {
                text: ` → ${w.choice === 'follow_up' ? 'followed up' : 'kept silent'}`,
                color: theme.role.agent,
              },
            ]
          : []),
      ],
    ]);
  const scored = opts.observer && opts.scores ? [scoreBlock(opts.scores, cols, theme)] : [];
  return [
    header,
    ...scored,
    [...remindersTitle, ...(reminders[0] ?? [])],
    ...reminders.slice(1),
    updatesTitle,
    ...shown.map((u) => updateBlock(u, cols, theme, opts.observer)),
    ...wakes,
  ];
}

/** The title line's right side, from the fullest to the shortest (the time is never cut). */
export function timelineInfo(tl: TimelineState): string[] {
  const happened = tl.updates.filter((u) => u.happened).length;
  const updates = `${shortTime(tl.now)} · ${happened}/${tl.updates.length} updates`;
  return [
    `${updates}${tl.waiting ? ' · waiting' : ''}`,
    updates,
    `${shortTime(tl.now)} · ${happened}/${tl.updates.length}`,
  ];
}
