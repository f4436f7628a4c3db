/**
 * Home (`intentplay` with no arguments): browse the libraries by persona and episode,
 * see what a scenario holds, pick a mode and backends, start. Replay lists the recent
 * recordings instead. Says plainly whether a model is configured.
 * Its parts are in ./home: the list and its lines, the backends, the header, footer and details.
 */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { HelpOverlay } from '../components/HelpOverlay.tsx';
import { paneInner } from '../components/Pane.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import type { HomeData } from '../home-data.ts';
import { useKeyActions } from '../hooks/keypress.tsx';
import { pageTarget, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { tooSmall } from '../layout.ts';
import { useTheme } from '../theme.ts';
import { lineWidth } from '../../text/text.ts';
import { HOME_MODES, type HomeChoice, type HomeMemory, type HomeMode } from './home/modes.ts';
import { GUTTER, LIST_FRAME, LIST_MOST, itemLines, keepScores } from './home/list-lines.ts';
import { useHomeList } from './home/useHomeList.ts';
import { useHomeBackends } from './home/useHomeBackends.ts';
import { HomeHeader, anyModelConfigured } from './home/HomeHeader.tsx';
import { HomeFooter, noticeLines } from './home/HomeFooter.tsx';
import { HomeList } from './home/HomeList.tsx';
import { HomeDetails } from './home/HomeDetails.tsx';

export function HomeScreen({
  data,
  onStart,
  onQuit,
  notice,
  memory,
}: {
  data: HomeData;
  onStart: (c: HomeChoice) => void;
  onQuit: () => void;
  notice?: string | undefined;
  memory?: { current: HomeMemory | undefined };
}) {
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const remembered = memory?.current;
  const [mode, setMode] = useState<HomeMode>(remembered?.mode ?? 'watch');
  const [help, setHelp] = useState(false);
  const list = useHomeList(data, mode, remembered, !help);
  const { items, filter, cursor, selected } = list;
  const backends = useHomeBackends(data, selected, remembered);
  if (memory)
    memory.current = {
      mode,
      entry: list.entryCursor.selected,
      recording: list.recCursor.selected,
      backends: backends.chosen,
      filter: filter.text,
    };

  const blocks = useMemo(
    () => items.map((it, i) => itemLines(it, theme, i === cursor.selected)),
    [items, theme, cursor.selected],
  );
  // Half the width, or more for recordings whose one line (scores last) would be cut: the
  // details wrap, so they give up columns down to LIST_MOST.
  const recordingsWidth =
    mode === 'replay' ? Math.max(0, ...blocks.flat().map(lineWidth)) + LIST_FRAME : 0;
  const listWidth = Math.max(
    30,
    Math.floor(columns * 0.5),
    Math.min(recordingsWidth, Math.floor(columns * LIST_MOST)),
  );
  const notes = noticeLines(notice, columns, anyModelConfigured(data.models), theme);
  const footerHeight = 3 + notes.length;
  const bodyHeight = rows - 1 - 1 - footerHeight;
  const listInner = paneInner({ width: listWidth, height: bodyHeight });
  const fitted = useMemo(
    () =>
      mode === 'replay'
        ? blocks.map((b) => b.map((l) => keepScores(l, listInner.cols - GUTTER)))
        : blocks,
    [blocks, mode, listInner.cols],
  );
  const view = useBlockWindow(fitted, cursor.selected, listInner.rows, { marked: false });

  const modeIndex = HOME_MODES.findIndex((m) => m.mode === mode);
  useKeyActions(
    ['home', 'global'],
    {
      up: () => cursor.up(),
      down: () => cursor.down(),
      pageUp: () => cursor.set(pageTarget(view.starts, cursor.selected, listInner.rows, -1)),
      pageDown: () => cursor.set(pageTarget(view.starts, cursor.selected, listInner.rows, 1)),
      modeNext: () => setMode(HOME_MODES[(modeIndex + 1) % HOME_MODES.length]!.mode),
      modePrev: () =>
        setMode(HOME_MODES[(modeIndex + HOME_MODES.length - 1) % HOME_MODES.length]!.mode),
      cycleAgent: backends.cycleAgent,
      cycleUser: backends.cycleUser,
      cycleJudge: backends.cycleJudge,
      start: () => {
        if (!selected) return;
        if (selected.kind === 'recording') onStart({ mode: 'replay', file: selected.rec.file });
        else if (mode !== 'replay')
          onStart({
            mode,
            library: selected.library,
            target: selected.entry.id,
            backends: backends.picked,
          });
      },
      help: () => setHelp(true),
      filter: () => filter.start(),
      quit: onQuit,
    },
    { active: !help },
  );

  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;

  const olderHidden = mode === 'replay' ? (data.recordingsTotal ?? 0) - data.recordings.length : 0;
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <HomeHeader models={data.models} columns={columns} />
      {help ? (
        <HelpOverlay
          scopes={['home', 'global']}
          width={columns}
          height={bodyHeight}
          onClose={() => setHelp(false)}
        />
      ) : (
        <Box flexDirection="row" height={bodyHeight}>
          <HomeList
            mode={mode}
            visible={view.visible}
            count={items.length}
            selected={cursor.selected}
            olderHidden={olderHidden}
            filter={filter}
            problems={list.problems}
            loading={Boolean(data.loading)}
            box={{ width: listWidth, height: bodyHeight }}
          />
          <HomeDetails
            selected={selected}
            mode={mode}
            box={{ width: columns - listWidth, height: bodyHeight }}
            loading={Boolean(data.loading)}
            filtered={Boolean(filter.text)}
          />
        </Box>
      )}
      <HomeFooter
        mode={mode}
        backends={backends.picked}
        acpAgents={data.acpAgents}
        typing={filter.typing}
        notice={notes}
        columns={columns}
        height={footerHeight}
      />
    </Box>
  );
}
