/**
 * The checklist: rule items tick live after each turn; rubric items wait for the end,
 * or are graded now on a key. Items the judge cannot grade are marked ungraded, never
 * passed or failed. Comp so far in the title.
 */
import { useMemo } from 'react';
import type { ChecklistInfo } from '../../contracts/events.ts';
import type { CheckView } from '../../store/state.ts';
import { checklistCounts, compSoFar, type ChecklistCounts } from '../../store/selectors.ts';
import { useControl, useController, useSession } from '../context.tsx';
import { counted, fmtScore } from '../../text/format.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { cursorActions, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useRecentChanges } from '../hooks/useRecentChanges.ts';
import { useTheme, type CheckMarkKind, type Theme } from '../theme.ts';
import {
  breakAtDots,
  wrap,
  wrapBounded,
  wrapCut,
  wrapWithPrefix,
  type Line,
} from '../../text/text.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

/** Lines of a selected item's reason shown at most. */
export const REASON_LINES = 6;

/**
 * `settled`: the session has ended. Until then a rule item that does not hold yet reads "not yet",
 * not "failed": the agent may still do it in a later turn (it read failed from turn 1).
 */
export function checkKind(v: CheckView | undefined, settled = true): CheckMarkKind {
  if (!v) return 'pending';
  if (v.pass === null) return 'ungraded';
  if (v.pass) return 'pass';
  return settled ? 'fail' : 'pending';
}

/** Counts as the pane shows them: while the session runs, failing items are counted as pending. */
function shownCounts(counts: ChecklistCounts, settled: boolean): ChecklistCounts {
  if (settled) return counts;
  return { ...counts, failed: 0, pending: counts.pending + counts.failed };
}

/** Who grades an item: a rule, the rubric judge, or the judge with a rule's evidence. */
function graderName(item: ChecklistInfo): string {
  if (item.grader !== 'rubric') return 'rule';
  return item.hasRule ? 'rubric·rule' : 'rubric';
}

/** What an item's mark says: its verdict, or when it will have one. */
function checkLabel(kind: CheckMarkKind, verdict: string, item: ChecklistInfo): string {
  if (kind === 'pass' || kind === 'fail') return verdict;
  if (kind === 'ungraded') return 'ungraded';
  return item.grader === 'rubric' ? 'graded at the end' : 'not yet';
}

/** Lines a reason takes wrapped whole (0 without a reason): free rows may show all of them. */
export function reasonNeed(v: CheckView | undefined, cols: number): number {
  if (!v?.reason) return 0;
  return wrap(v.reason, Math.max(1, cols - 4)).length;
}

/**
 * Lines each reason may take: its floor (one; a few for the selected item), then the pane's free
 * rows handed out a line at a time in turn, so a reason is cut only when the pane is full.
 * @param needs lines each reason takes whole (0: none)
 * @param free rows left in the pane with every reason at its floor
 */
export function reasonBudgets(
  needs: readonly number[],
  free: number,
  floors: readonly number[] = [],
): number[] {
  const budgets = needs.map((n, i) => Math.min(n, floors[i] ?? 1));
  let left = free;
  let grew = true;
  while (left > 0 && grew) {
    grew = false;
    for (let i = 0; i < needs.length && left > 0; i++) {
      if (budgets[i]! >= needs[i]!) continue;
      budgets[i]! += 1;
      left -= 1;
      grew = true;
    }
  }
  return budgets;
}

export function checkBlock(
  item: ChecklistInfo,
  v: CheckView | undefined,
  cols: number,
  theme: Theme,
  opts: { fresh: boolean; selected: boolean; settled?: boolean; reasonLines?: number },
): Line[] {
  const kind = checkKind(v, opts.settled);
  const mark = theme.check[kind];
  const grader = graderName(item);
  const head: Line = [
    { text: mark.symbol + ' ', color: mark.color, bold: true },
    { text: item.id, bold: true },
    { text: ' ' },
    {
      text: checkLabel(kind, mark.label, item),
      color: mark.color,
      inverse: opts.fresh,
    },
    { text: ` · ${grader}${v ? ` · turn ${v.turn}` : ''}`, color: theme.text.muted },
  ];
  const lines: Line[] = [
    ...breakAtDots(head, cols),
    ...wrapWithPrefix([{ text: '  ' }], item.text, cols),
  ];
  if (!v?.reason) return lines;
  const prefix: Line = [{ text: '  ↳ ', color: theme.text.muted }];
  const style = { color: theme.text.muted, italic: true };
  // Selected, the reason shows in full, up to a few lines: a rule can quote a whole file.
  if (opts.selected)
    lines.push(
      ...wrapBounded(prefix, v.reason, cols, Math.max(REASON_LINES, opts.reasonLines ?? 0), style, {
        color: theme.text.secondary,
      }),
    );
  // Unselected, what the pane has room for (one line at least), cut with … past it.
  else lines.push(...wrapCut(prefix, v.reason, cols, opts.reasonLines ?? 1, style));
  return lines;
}

export function checkCountsText(c: ChecklistCounts, theme: Theme): string {
  return `${theme.check.pass.symbol}${c.passed} ${theme.check.fail.symbol}${c.failed} ${theme.check.ungraded.symbol}${c.ungraded} ${theme.check.pending.symbol}${c.pending}`;
}

export function ChecklistPane({ box, focused, title }: PaneProps) {
  const theme = useTheme();
  const controller = useController();
  const checklist = useSession((s) => s.checklist);
  const checks = useSession((s) => s.checks);
  const ended = useSession((s) => Boolean(s.end));
  const reveal = useControl((c) => c.revealIntents);
  const running = useControl((c) => c.running);
  // A study participant sees the judge's verdicts only when the study allows it, even at the end.
  const participant = useControl((c) => c.participant);
  const hidden = participant ? !participant.verdicts : !reveal && !ended;
  const { cols, rows } = paneInner(box);
  const cursor = useListCursor(checklist.length);
  const selectedId = checklist[cursor.selected]?.id;
  const versions = useMemo(
    () => Object.fromEntries(checklist.map((c) => [c.id, checks[c.id]?.seq])),
    [checklist, checks],
  );
  const fresh = useRecentChanges(versions);
  const blocks = useMemo(() => {
    if (hidden) return [];
    const build = (budgets: readonly number[]) =>
      checklist.map((c, i) =>
        checkBlock(c, checks[c.id], cols - 1, theme, {
          fresh: fresh.has(c.id),
          selected: focused && c.id === selectedId,
          settled: ended,
          reasonLines: budgets[i],
        }),
      );
    // Every reason on one line first; the rows still free then let reasons wrap.
    const tight = build([]);
    const free = rows - tight.reduce((n, b) => n + b.length, 0);
    if (free <= 0) return tight;
    const needs = checklist.map((c) => reasonNeed(checks[c.id], cols - 1));
    // The selected item's reason already shows a few lines; free rows may show it all.
    const floors = checklist.map((c) => (focused && c.id === selectedId ? REASON_LINES : 1));
    return build(reasonBudgets(needs, free, floors));
  }, [hidden, checklist, checks, cols, rows, theme, fresh, focused, selectedId, ended]);
  const view = useBlockWindow(blocks, cursor.selected, rows, {
    marked: focused,
    gutterColor: theme.text.accent,
  });
  const canGrade = Boolean(controller.gradeNow) && running;
  useKeyActions(
    canGrade ? ['checklist', 'pane'] : ['pane'],
    {
      ...cursorActions(cursor, view.starts, rows),
      gradeNow: () => controller.gradeNow?.(),
    },
    { active: focused && !hidden, priority: PRIORITY.pane },
  );
  const counts = useMemo(
    () => shownCounts(checklistCounts({ checklist, checks }), ended),
    [checklist, checks, ended],
  );
  // Comp as it would stand if the session ended now (the items not holding yet count against it).
  const comp = useSession(compSoFar);
  let info: string | string[] = [
    `Comp ${fmtScore(comp)} · ${checkCountsText(counts, theme)}`,
    `Comp ${fmtScore(comp)}`,
  ];
  if (hidden) info = participant ? '' : `${checklist.length} hidden`;
  const hiddenText = participant
    ? 'Not shown during the study.'
    : `${counted(checklist.length, 'checklist item')}: hidden while you play the agent`;
  let lines: Line[] = view.visible;
  if (hidden)
    lines = wrapWithPrefix([{ text: ' ' }], hiddenText, cols, { color: theme.text.muted });
  else if (!checklist.length)
    lines = [[{ text: ' No checklist in this scenario.', color: theme.text.muted }]];
  return (
    <Pane title={title} info={info} focused={focused} box={box}>
      <LineView lines={lines} top={0} height={rows} cols={cols} />
    </Pane>
  );
}
