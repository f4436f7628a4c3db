/**
 * Between two sessions of a chain: the session that ended, how it ended, its scores and every
 * intent's status, and what comes next. Enter continues (watching, it also continues after
 * its pace unless paused); the ended session's panes stay one key (esc) away.
 * After the run's last (or only) session the same card closes the run: a run of several
 * sessions first lists each one's ending and scores and the totals; enter or esc shows the panes.
 */
import { fmtScore, hiddenIntents } from '../../text/format.ts';
import { useControl, useSession } from '../context.tsx';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useTheme } from '../theme.ts';
import { wrapCut, wrapWithPrefix, type Line } from '../../text/text.ts';
import { Card } from './Card.tsx';
import { episodeLines, turnsText } from './episode-summary.ts';

/** Lines of a failure's reason on the card (an agent's stderr may follow its first line). */
const WHY_LINES = 6;

export function ResultCard({
  width,
  height,
  onContinue,
  onHide,
}: {
  width: number;
  height: number;
  onContinue: () => void;
  onHide: () => void;
}) {
  const theme = useTheme();
  const scenario = useSession((s) => s.scenario);
  const end = useSession((s) => s.end);
  const scores = useSession((s) => s.scores);
  const intents = useSession((s) => s.intents);
  const states = useSession((s) => s.intentStates);
  const between = useControl((c) => c.between);
  const finished = useControl((c) => c.finished);
  const previous = useSession((s) => s.previous);
  const observer = useControl((c) => c.mode !== 'agent' || c.revealIntents);
  useKeyActions(
    ['chain'],
    { continueChain: onContinue, close: onHide },
    { priority: PRIORITY.dialog },
  );
  const cols = Math.max(10, width - 4);
  const failed = end?.end === 'error' || end?.end === 'judge_failed';
  // Why it failed (an agent that did not start, crashed, was late): the card says it, not only the conversation.
  const why: Line[] =
    failed && end.message
      ? wrapCut([{ text: '  ' }], end.message, cols, WHY_LINES, { color: theme.level.error })
      : [];
  // The run's end, after several sessions: each one's ending, then the last one in full.
  const summary: Line[] =
    finished && !between && previous.length && scenario
      ? [
          ...episodeLines(
            finished.name,
            [
              ...previous,
              {
                scenario: scenario.id,
                title: scenario.title,
                end: end?.end ?? 'aborted',
                ...(scores ? { scores } : {}),
              },
            ],
            theme,
            cols,
          ),
          [],
          [{ text: 'The last session', color: theme.text.secondary }],
        ]
      : [];
  const lines: Line[] = [
    ...summary,
    [
      { text: `${scenario?.id ?? 'The session'} ended`, bold: true, color: theme.text.accent },
      ...(scenario ? [{ text: ` · ${scenario.title}`, color: theme.text.secondary }] : []),
    ],
    [],
    [
      {
        text: end?.end ?? 'ended',
        bold: true,
        color: failed ? theme.level.error : theme.check.pass.color,
      },
      { text: `  Proc ${fmtScore(scores?.proc)} · Comp ${fmtScore(scores?.comp)}`, bold: true },
      ...(end ? [{ text: ` · ${turnsText(end.turns)}`, color: theme.text.secondary }] : []),
    ],
    ...why,
    ...(observer
      ? intents.flatMap((i) =>
          wrapWithPrefix(
            [
              { text: `  ${i.id} `, bold: true },
              { text: `${states[i.id]?.status ?? 'open'} `, color: theme.text.accent },
            ],
            i.text,
            cols,
          ),
        )
      : [[{ text: `  ${hiddenIntents(intents.length)}`, color: theme.text.muted }]]),
  ];
  const footer: Line[] = [
    [],
    ...(between
      ? [
          [
            {
              text: `Next: ${between.id} · ${between.title} (${between.index + 1}/${between.of})`,
              bold: true,
            },
          ] as Line,
        ]
      : []),
    [
      {
        text: between
          ? 'enter continues · esc shows the ended session'
          : 'the run is over · enter or esc shows the session · q quits',
        color: theme.text.secondary,
      },
    ],
  ];
  return <Card lines={lines} footer={footer} width={width} height={height} />;
}
