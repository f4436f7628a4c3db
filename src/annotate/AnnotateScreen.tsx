/**
 * The annotation screen: the session on the left (scrollable, blind to the judge), the item
 * being labelled on the right. For each item: choose an answer (←/→ and enter, or its
 * number), then type why and press enter; the answer is saved at once, so quitting keeps
 * every answer given. Keys are data in src/tui/keymap.ts (scopes `annotate`, `rationale`).
 */
import { errorMessage } from '../contracts/errors.ts';
import { Box, Text, useApp } from 'ink';
import { useMemo, useState } from 'react';
import { HelpOverlay } from '../tui/components/HelpOverlay.tsx';
import { LineView, StyledLine } from '../tui/components/LineView.tsx';
import { Pane, paneInner } from '../tui/components/Pane.tsx';
import { TooSmall } from '../tui/components/TooSmall.tsx';
import { PRIORITY, useKeyActions } from '../tui/hooks/keypress.tsx';
import { useTerminalSize } from '../tui/hooks/useTerminalSize.ts';
import { useTextInput } from '../tui/hooks/useTextInput.ts';
import { tooSmall } from '../tui/layout.ts';
import { truncate, wrap, type Line } from '../text/text.ts';
import { useTheme, type Theme } from '../tui/theme.ts';
import { LABELS, type Axis } from './records.ts';
import { sessionLines } from './session-lines.ts';
import { taskKey, type AnnotateTask } from './sessions.ts';

/** What each answer means, as the judge's protocol defines it. */
const MEANINGS: Record<string, string> = {
  completed: 'the agent met it while it was still unstated',
  inferred: 'the agent asked a question that targeted it',
  provided: 'the user had to state it',
  unresolved: 'never met by the end of the session',
  pass: 'the session meets this item',
  fail: 'the session does not meet it',
};

const QUESTIONS: Record<Axis, { title: string; ask: string }> = {
  intent: { title: 'Hidden intent', ask: 'What became of this unstated need?' },
  checklist: { title: 'Checklist item', ask: 'Does the session meet this item?' },
};

/** Rows the reason may take on screen; a longer one scrolls with its cursor. */
const INPUT_ROWS = 3;

/**
 * The reason wrapped into rows of at most `cols` characters, at spaces where it can be (a word
 * longer than a row is cut); the `rows` rows around the cursor, `at` marking its column.
 */
export function inputRows(
  value: string,
  cursor: number,
  cols: number,
  rows: number,
): { text: string; at?: number }[] {
  const all: { start: number; text: string }[] = [];
  for (let i = 0; i < value.length;) {
    let end = Math.min(value.length, i + cols);
    if (end < value.length) {
      const space = value.lastIndexOf(' ', end - 1);
      if (space >= i) end = space + 1;
    }
    all.push({ start: i, text: value.slice(i, end) });
    i = end;
  }
  let row = all.findLastIndex((r) => r.start <= cursor);
  if (row < 0 || cursor - all[row]!.start >= cols)
    all.splice((row = row + 1), 0, { start: cursor, text: '' });
  const first = Math.max(0, Math.min(row - rows + 1, all.length - rows));
  return all
    .slice(first, first + rows)
    .map((r, i) => (first + i === row ? { text: r.text, at: cursor - r.start } : { text: r.text }));
}

export interface AnnotateScreenProps {
  /** Every item this annotator labels, in order. */
  tasks: readonly AnnotateTask[];
  /** Keys (taskKey) of the items answered before this screen opened. */
  answered: ReadonlySet<string>;
  annotator: string;
  /** Saves one answer (it is written before the next item shows). */
  onAnswer: (task: AnnotateTask, label: string, rationale: string) => void;
  onExit?: () => void;
}

function questionLines(
  task: AnnotateTask,
  choice: number,
  stage: 'label' | 'rationale',
  cols: number,
  theme: Theme,
  meanings: 'all' | 'chosen',
): Line[] {
  const q = QUESTIONS[task.item.axis];
  const labels = LABELS[task.item.axis];
  const out: Line[] = [
    [{ text: `${q.title} ${task.item.id}`, bold: true, color: theme.text.accent }],
  ];
  for (const l of wrap(task.item.text, cols)) out.push([{ text: l, bold: true }]);
  out.push([], ...wrap(q.ask, cols).map((l): Line => [{ text: l }]));
  labels.forEach((label, i) => {
    const on = i === choice;
    const dim = stage === 'rationale' && !on;
    out.push([
      { text: on ? '› ' : '  ', color: theme.text.accent, bold: true },
      {
        text: `${i + 1} ${label}`,
        bold: on,
        inverse: on && !theme.color,
        color: labelColor(on, dim, theme),
      },
    ]);
    if (meanings === 'all' || on)
      for (const l of wrap(MEANINGS[label] ?? '', Math.max(1, cols - 6)))
        out.push([{ text: `      ${l}`, color: theme.text.muted }]);
  });
  return out;
}

export function AnnotateScreen({
  tasks,
  answered,
  annotator,
  onAnswer,
  onExit,
}: AnnotateScreenProps) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const [done, setDone] = useState<ReadonlySet<string>>(answered);
  const firstOpen = (from: number, set: ReadonlySet<string>) => {
    const i = tasks.findIndex((t, j) => j >= from && !set.has(taskKey(t)));
    return i >= 0 ? i : tasks.findIndex((t) => !set.has(taskKey(t)));
  };
  const [index, setIndex] = useState(() => firstOpen(0, answered));
  const [stage, setStage] = useState<'label' | 'rationale'>('label');
  const [choice, setChoice] = useState(0);
  const [expand, setExpand] = useState(false);
  const [scroll, setScroll] = useState<{ session: string; top: number }>({ session: '', top: 0 });
  const [note, setNote] = useState<string | undefined>(undefined);
  const [help, setHelp] = useState(false);
  const input = useTextInput();
  const task = index >= 0 ? tasks[index] : undefined;

  const quit = () => {
    onExit?.();
    exit();
  };

  const questionWidth = Math.max(30, Math.min(56, Math.floor(columns * 0.4)));
  const sessionBox = { width: columns - questionWidth, height: rows - 2 };
  const questionBox = { width: questionWidth, height: rows - 2 };
  const inner = paneInner(sessionBox);
  const lines = useMemo(
    () => (task ? sessionLines(task.session.state, inner.cols, theme, expand) : []),
    [task?.session, inner.cols, theme, expand],
  );
  const maxTop = Math.max(0, lines.length - inner.rows);
  // A new session starts at its top; the same session keeps its place from item to item.
  const top = task && scroll.session === task.session.id ? Math.min(scroll.top, maxTop) : 0;
  const scrollTo = (t: number) =>
    task && setScroll({ session: task.session.id, top: Math.max(0, Math.min(maxTop, t)) });
  const scrolling = {
    up: () => scrollTo(top - 1),
    down: () => scrollTo(top + 1),
    pageUp: () => scrollTo(top - inner.rows + 1),
    pageDown: () => scrollTo(top + inner.rows - 1),
  };
  const labels = task ? LABELS[task.item.axis] : [];
  const pick = (i: number) => {
    setChoice(i);
    setStage('rationale');
    setNote(undefined);
  };

  useKeyActions(
    ['annotate', 'global'],
    {
      ...scrolling,
      top: () => scrollTo(0),
      bottom: () => scrollTo(maxTop),
      toggleAll: () => setExpand((e) => !e),
      prevChoice: () => setChoice((c) => (c + labels.length - 1) % labels.length),
      nextChoice: () => setChoice((c) => (c + 1) % labels.length),
      select: () => task && pick(choice),
      help: () => setHelp(true),
      quit,
    },
    {
      active: stage === 'label' && !help,
      onOtherKey: (press) => {
        const n = Number(press.input);
        if (!task || !Number.isInteger(n) || n < 1 || n > labels.length) return false;
        pick(n - 1);
        return true;
      },
    },
  );

  const save = () => {
    const rationale = input.current().trim();
    if (!task) return;
    if (!rationale)
      return setNote('say why in a few words first (enter saves, esc goes back to the answers)');
    try {
      onAnswer(task, labels[choice]!, rationale);
    } catch (err) {
      return setNote(`not saved: ${errorMessage(err)}`);
    }
    const next = new Set(done).add(taskKey(task));
    setDone(next);
    setIndex(firstOpen(index + 1, next));
    setStage('label');
    setChoice(0);
    setNote(undefined);
    input.clear();
  };

  useKeyActions(
    ['rationale'],
    { ...scrolling, send: save, close: () => setStage('label'), quit },
    {
      active: stage === 'rationale' && !help,
      priority: PRIORITY.input,
      onOtherKey: (press) => input.edit(press),
    },
  );

  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  if (help)
    return (
      <HelpOverlay
        scopes={['annotate', 'rationale', 'global']}
        width={columns}
        height={rows}
        onClose={() => setHelp(false)}
      />
    );

  const total = tasks.length;
  const answeredNow = tasks.filter((t) => done.has(taskKey(t))).length;
  if (!task)
    return (
      <Box flexDirection="column">
        <Text bold color={theme.check.pass.color}>
          All {total} items are annotated. Thank you, {annotator}.
        </Text>
        <Text color={theme.text.secondary}>q quits</Text>
      </Box>
    );

  const sessionNo = [...new Set(tasks.map((t) => t.session.id))].indexOf(task.session.id) + 1;
  const sessions = new Set(tasks.map((t) => t.session.id)).size;
  const header: Line = [
    { text: 'annotate', bold: true, color: theme.text.accent },
    {
      text: ` · ${annotator} · item ${index + 1}/${total} · session ${sessionNo}/${sessions} · ${answeredNow} answered`,
    },
  ];
  const qCols = paneInner(questionBox).cols;
  const qRows = paneInner(questionBox).rows;
  const room = Math.max(1, qRows - 2 - INPUT_ROWS);
  // A short terminal says what only the highlighted answer means, rather than cut answers off.
  const full = questionLines(task, choice, stage, qCols, theme, 'all');
  const qLines =
    full.length <= room ? full : questionLines(task, choice, stage, qCols, theme, 'chosen');
  const hint =
    stage === 'label'
      ? `←→ or 1–${labels.length} choose · enter picks · ↑↓ PgUp PgDn scroll · x tool details · ? keys · q quits (answers are kept)`
      : 'type why · enter saves · esc back to the answers · ↑↓ scroll · ctrl+c quits';
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      <StyledLine line={header} cols={columns} />
      <Box flexDirection="row">
        <Pane
          title="Session"
          info={[
            `lines ${top + 1}–${Math.min(lines.length, top + inner.rows)} of ${lines.length}`,
            `${top + 1}/${lines.length}`,
          ]}
          focused={stage === 'label'}
          box={sessionBox}
        >
          <LineView lines={lines} top={top} height={inner.rows} cols={inner.cols} />
        </Pane>
        <Pane
          title="Your answer"
          info={task.session.scenario}
          focused={stage === 'rationale'}
          box={questionBox}
        >
          <Box flexDirection="column" height={qRows}>
            <LineView lines={qLines} top={0} height={room} cols={qCols} />
            <Text color={stage === 'rationale' ? theme.text.accent : theme.text.muted} bold>
              {truncate(stage === 'rationale' ? `Why ${labels[choice]}?` : 'Then: why?', qCols)}
            </Text>
            {stage === 'rationale' ? (
              inputRows(input.value, input.cursor, Math.max(4, qCols - 2), INPUT_ROWS).map(
                (row, i) => (
                  <Text key={i} wrap="truncate-end">
                    {i === 0 ? '› ' : '  '}
                    {row.text.slice(0, row.at ?? row.text.length)}
                    {row.at !== undefined ? (
                      <Text inverse>{row.text.slice(row.at, row.at + 1) || ' '}</Text>
                    ) : null}
                    {row.at !== undefined ? row.text.slice(row.at + 1) : ''}
                  </Text>
                ),
              )
            ) : (
              <Text color={theme.text.muted}>{truncate('› choose an answer first', qCols)}</Text>
            )}
            <Text wrap="truncate-end" color={note ? theme.level.warning : theme.text.muted}>
              {truncate(note ?? '', qCols)}
            </Text>
          </Box>
        </Pane>
      </Box>
      <Text wrap="truncate-end" color={theme.text.secondary}>
        {truncate(hint, columns)}
      </Text>
    </Box>
  );
}

/** The chosen label is in the accent colour; the others are dimmed while the rationale is typed. */
function labelColor(on: boolean, dim: boolean, theme: Theme): string | undefined {
  if (on) return theme.text.accent;
  return dim ? theme.text.muted : undefined;
}
