/**
 * The workspace: files (and app states) changed in the latest turn that changed any,
 * with +/- counts; the selected one's diff in colour below (playing the agent, every other file that
 * exists is listed too). An app shows its changes as a person reads them (records added, removed,
 * updated: field old → new), bookkeeping hidden; enter switches to its raw JSON diff and back.
 * Up/down pick a file, PageUp/PageDown scroll its diff.
 */
import { useMemo, useState } from 'react';
import { lastChangedTurn } from '../../store/selectors.ts';
import { useControl, useSession } from '../context.tsx';
import type { AppChange } from '../../contracts/events.ts';
import { diffBody } from '../../text/format.ts';
import { appCounts, appSummaryLines } from './app-summary.ts';
import { PRIORITY, useKeyActions } from '../hooks/keypress.tsx';
import { useListCursor, windowTop } from '../hooks/useListCursor.ts';
import { useSideScroll } from '../hooks/useSideScroll.ts';
import { useTheme, type Theme } from '../theme.ts';
import { sanitize, truncate, width, type Line } from '../../text/text.ts';
import { LineView } from './LineView.tsx';
import { Pane, paneInner, type PaneProps } from './Pane.tsx';

export interface ChangeEntry {
  key: string;
  label: string;
  /** `unchanged`: a file that exists but did not change (listed for a person playing the agent). */
  change: 'added' | 'modified' | 'deleted' | 'app' | 'unchanged';
  additions: number;
  deletions: number;
  patch: string;
  /** An app's readable changes (absent for files, and in recordings made before they existed). */
  changes?: AppChange[];
  hidden?: string[];
  /** The label without its counts, for a row too narrow for them (a count is never shown cut). */
  short?: string;
}

export function diffLines(patch: string, theme: Theme): Line[] {
  return diffBody(patch).map((l): Line => {
    const text = sanitize(l);
    if (l.startsWith('@@')) return [{ text, color: theme.diff.hunk }];
    if (l.startsWith('+')) return [{ text, color: theme.diff.add }];
    if (l.startsWith('-')) return [{ text, color: theme.diff.remove }];
    return [{ text }];
  });
}

/** The letter before an entry, as `git status` writes it (◆ for an app). */
const CHANGE_TAGS: Record<ChangeEntry['change'], string> = {
  added: 'A',
  deleted: 'D',
  app: '◆',
  unchanged: '·',
  modified: 'M',
};

function changeColor(change: ChangeEntry['change'], theme: Theme): string | undefined {
  if (change === 'added') return theme.diff.add;
  return change === 'deleted' ? theme.diff.remove : theme.text.accent;
}

export function entryLine(e: ChangeEntry, cols: number, theme: Theme, selected: boolean): Line {
  const tag = CHANGE_TAGS[e.change];
  // An app with readable changes says what changed in its label; JSON line counts would count bookkeeping.
  const counts =
    e.change === 'unchanged' || e.changes?.length ? '' : ` +${e.additions} -${e.deletions}`;
  const room = Math.max(4, cols - counts.length - 4);
  const label = e.short && width(e.label) > room ? e.short : e.label;
  const color = changeColor(e.change, theme);
  return [
    { text: selected ? '› ' : '  ', color: theme.text.accent, bold: true },
    { text: tag + ' ', color, bold: true },
    { text: truncate(label, room), bold: selected, inverse: selected && !theme.color },
    ...(counts
      ? [
          { text: ` +${e.additions}`, color: theme.diff.add },
          { text: ` -${e.deletions}`, color: theme.diff.remove },
        ]
      : []),
  ];
}

/**
 * The pane's list: the files and apps the turn changed; playing the agent, then every other file
 * that exists. @param files the workspace's files, listed for a person playing the agent
 */
export function changeEntries(
  shown: ReturnType<typeof lastChangedTurn>,
  files: readonly string[] | undefined,
): ChangeEntry[] {
  const changed: ChangeEntry[] = (shown?.files ?? []).map((f) => ({
    key: `f:${f.path}`,
    label: f.path,
    change: f.change,
    additions: f.additions,
    deletions: f.deletions,
    patch: f.patch,
  }));
  const apps = (shown?.apps ?? []).map((a): ChangeEntry => ({
    key: `a:${a.app}`,
    label: a.changes?.length ? `app ${a.app} · ${appCounts(a.changes)}` : `app ${a.app}`,
    change: 'app',
    additions: a.additions,
    deletions: a.deletions,
    patch: a.patch,
    ...(a.changes ? { changes: a.changes, hidden: a.hidden ?? [], short: `app ${a.app}` } : {}),
  }));
  if (!files) return [...changed, ...apps];
  // Playing the agent: the changed files first (their diff shows), then every other file that exists.
  const rest = files
    .filter((p) => !changed.some((c) => c.label === p))
    .map((p): ChangeEntry => ({
      key: `f:${p}`,
      label: p,
      change: 'unchanged',
      additions: 0,
      deletions: 0,
      patch: '',
    }));
  return [...changed, ...apps, ...rest];
}

export function WorkspacePane({ box, focused, title }: PaneProps) {
  const theme = useTheme();
  const turns = useSession((s) => s.turns);
  const current = useSession((s) => s.turn);
  const shown = useMemo(() => lastChangedTurn({ turns, turn: current }), [turns, current]);
  const files = useControl((c) => c.workspaceFiles);
  const entries = useMemo(() => changeEntries(shown, files), [shown, files]);
  const { cols, rows } = paneInner(box);
  const cursor = useListCursor(entries.length);
  const selected = entries[cursor.selected];
  const listRows = Math.min(entries.length, Math.max(1, Math.floor((rows - 1) / (files ? 2 : 3))));
  const diffRows = Math.max(1, rows - listRows - 1);
  // Apps read as changes by default; enter flips between them and the raw JSON diff.
  const [raw, setRaw] = useState(false);
  const readable = Boolean(selected?.changes) && !raw;
  const diff = useMemo(() => {
    if (!selected) return [];
    if (readable)
      return appSummaryLines(selected.changes ?? [], selected.hidden ?? [], theme, cols);
    return diffLines(selected.patch, theme);
  }, [selected, readable, theme, cols]);
  const marker = useMemo(() => ({ color: theme.text.accent, bold: true }), [theme]);
  const side = useSideScroll(diff, cols, selected?.key ?? '', marker);
  const [scroll, setScroll] = useState({ key: '', top: 0 });
  const diffTop =
    scroll.key === selected?.key ? Math.min(scroll.top, Math.max(0, diff.length - diffRows)) : 0;
  const scrollTo = (top: number) =>
    setScroll({
      key: selected?.key ?? '',
      top: Math.max(0, Math.min(top, Math.max(0, diff.length - diffRows))),
    });
  useKeyActions(
    ['workspace', 'pane'],
    {
      up: () => cursor.up(),
      down: () => cursor.down(),
      pageUp: () => scrollTo(diffTop - diffRows),
      pageDown: () => scrollTo(diffTop + diffRows),
      top: () => scrollTo(0),
      bottom: () => scrollTo(diff.length),
      select: () => {
        if (selected?.changes) setRaw((r) => !r);
        scrollTo(0);
      },
      ...side.actions,
    },
    { active: focused, priority: PRIORITY.pane },
  );
  const listTop = windowTop(cursor.selected, cursor.selected + 1, entries.length, listRows, 0);
  const list = entries
    .slice(listTop, listTop + listRows)
    .map((e, i) => entryLine(e, cols, theme, listTop + i === cursor.selected));
  const changedCount = entries.filter((e) => e.change !== 'unchanged').length;
  let info: string | string[] = '';
  if (files)
    info = [
      `${files.length} files${shown ? ` · ${changedCount} changed in turn ${shown.turn}` : ''}`,
      `${files.length} files${shown ? ` · ${changedCount} changed` : ''}`,
      `${files.length} files`,
    ];
  else if (shown)
    info = [
      `turn ${shown.turn}${shown.turn !== current ? ' (latest change)' : ''} · ${entries.length} changed`,
      `turn ${shown.turn} · ${entries.length} changed`,
      `turn ${shown.turn}`,
    ];
  if (!entries.length)
    return (
      <Pane title={title} info={info} focused={focused} box={box}>
        <LineView
          lines={[[{ text: ' No files changed yet.', color: theme.text.muted }]]}
          top={0}
          height={rows}
          cols={cols}
        />
      </Pane>
    );
  const rule: Line = [{ text: '─'.repeat(cols), color: theme.text.muted }];
  const rowsInfo =
    diff.length > diffRows ? ` ${Math.min(diff.length, diffTop + diffRows)}/${diff.length}` : '';
  // Long lines: the rule says they scroll sideways, and from which column they are shown.
  let sideInfo = '';
  if (side.wide) sideInfo = side.offset ? ` ← col ${side.offset + 1} →` : ' → long lines';
  // An app with readable changes shows them or its raw JSON diff; enter switches.
  let modeInfo = '';
  if (selected?.changes) modeInfo = readable ? ' enter: raw JSON' : ' raw JSON · enter: changes';
  const scrollInfo = modeInfo + sideInfo + rowsInfo;
  return (
    <Pane title={title} info={info} focused={focused} box={box}>
      <LineView lines={list} top={0} height={listRows} cols={cols} />
      <LineView
        lines={[
          scrollInfo
            ? [
                {
                  text: '─'.repeat(Math.max(0, cols - scrollInfo.length)) + scrollInfo,
                  color: theme.text.muted,
                },
              ]
            : rule,
        ]}
        top={0}
        height={1}
        cols={cols}
      />
      <LineView
        lines={
          diff.length
            ? side.lines
            : [
                [
                  {
                    text:
                      selected?.change === 'unchanged'
                        ? ' no diff to show (a turn’s diff shows when it ends); /read_file shows the text'
                        : ' (no textual diff)',
                    color: theme.text.muted,
                  },
                ],
              ]
        }
        top={diffTop}
        height={diffRows}
        cols={cols}
      />
    </Pane>
  );
}
