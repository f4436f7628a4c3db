/**
 * Home (`intentplay` with no arguments): browse the libraries by persona and episode,
 * see what a scenario holds, pick a mode and backends, start. Replay lists the recent
 * recordings instead. Says plainly whether a model is configured.
 */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { HelpOverlay } from '../components/HelpOverlay.tsx';
import { LineView } from '../components/LineView.tsx';
import { Pane, paneInner } from '../components/Pane.tsx';
import { TooSmall } from '../components/TooSmall.tsx';
import { detailLines, markOverflow, PARADIGM_BADGE, type Item } from './home-details.ts';
import type { HomeData, RecordingEntry } from '../home-data.ts';
import { useKeyActions } from '../hooks/keypress.tsx';
import { useListFilter } from '../hooks/useListFilter.ts';
import { fmtScore } from '../../text/format.ts';
import { pageTarget, useBlockWindow } from '../hooks/useBlockWindow.ts';
import { useListCursor } from '../hooks/useListCursor.ts';
import { useTerminalSize } from '../hooks/useTerminalSize.ts';
import { keysOf } from '../keymap.ts';
import { tooSmall } from '../layout.ts';
import { useTheme, type Theme } from '../theme.ts';
import {
  lineWidth,
  truncate,
  width as textWidth,
  wrapWithPrefix,
  type Line,
  type Seg,
} from '../../text/text.ts';

export type HomeMode = 'watch' | 'play' | 'agent' | 'replay';
export const HOME_MODES: { mode: HomeMode; label: string; about: string }[] = [
  {
    mode: 'watch',
    label: 'Watch',
    about:
      'the agent and a simulated user converse by themselves; pause, step, or take over the user',
  },
  {
    mode: 'play',
    label: 'Play as user',
    about: 'you write the user’s messages to the agent, with the hidden intents in view',
  },
  {
    mode: 'agent',
    label: 'Play as agent',
    about: 'you answer a simulated user and use the tools yourself; the intents stay hidden',
  },
  {
    mode: 'replay',
    label: 'Replay a recording',
    about: 'a recorded session turn by turn, every pane as it was',
  },
];

export type HomeChoice =
  | {
      mode: Exclude<HomeMode, 'replay'>;
      library: string;
      target: string;
      backends: { agent: string; user: string; judge: string };
    }
  | { mode: 'replay'; file: string };

function libraryItems(data: HomeData, theme: Theme): { items: Item[]; problems: Line[] } {
  const items: Item[] = [];
  const problems: Line[] = [];
  for (const lib of data.libraries) {
    if (lib.problem)
      problems.push([
        { text: `${lib.label} library (${lib.root}): ${lib.problem}`, color: theme.level.warning },
      ]);
    for (const p of lib.personas) {
      p.entries.forEach((entry, i) => {
        const header: Line[] | undefined =
          i === 0
            ? [
                [
                  { text: p.id, bold: true, color: theme.text.accent },
                  {
                    text: `  ${[p.name, p.role].filter(Boolean).join(' — ')}`,
                    color: theme.text.secondary,
                  },
                  ...(data.libraries.length > 1
                    ? [{ text: `  (${lib.label})`, color: theme.text.muted }]
                    : []),
                ],
              ]
            : undefined;
        items.push({
          kind: 'entry',
          library: lib.root,
          persona: p.id,
          entry,
          ...(header ? { header } : {}),
        });
      });
    }
  }
  return { items, problems };
}

/** The most of the width the list takes for long recording lines; a pane's borders and gutter. */
const LIST_MOST = 0.65;
const LIST_FRAME = 3;

function itemLines(item: Item, theme: Theme, selected: boolean): Line[] {
  const marker: Seg = { text: selected ? '› ' : '  ', color: theme.text.accent, bold: true };
  if (item.kind === 'recording') return [recordingLine(item.rec, marker, theme, selected)];
  const e = item.entry;
  const line: Line =
    e.kind === 'episode'
      ? [
          marker,
          { text: '▸ episode ', color: theme.role.event },
          { text: e.id, bold: true, inverse: selected },
          {
            text: `  ${e.sessions.length} sessions${e.title ? ` · ${e.title}` : ''}`,
            color: theme.text.secondary,
          },
        ]
      : [
          marker,
          { text: '  ' },
          { text: e.id, bold: true, inverse: selected },
          ...(e.paradigm
            ? [{ text: `  ${PARADIGM_BADGE[e.paradigm][0]}`, color: theme.level.info }]
            : []),
          { text: `  ${e.title}`, color: theme.text.secondary },
        ];
  return [...(item.header ?? []), line];
}

/** A recording: when, which scenario, how it was played, how it ended and its scores. */
function recordingLine(rec: RecordingEntry, marker: Seg, theme: Theme, selected: boolean): Line {
  const s = rec.summary;
  if (s.unreadable)
    return [
      marker,
      { text: rec.name, bold: selected, inverse: selected },
      { text: '  (unreadable)', color: theme.level.warning },
    ];
  const when = (s.started ?? new Date(rec.mtimeMs).toISOString()).replace('T', ' ').slice(5, 16);
  const scores =
    s.proc !== undefined ? ` · Proc ${fmtScore(s.proc)} · Comp ${fmtScore(s.comp)}` : '';
  return [
    marker,
    { text: `${when} `, color: theme.text.muted },
    { text: s.scenario ?? rec.name, bold: true, inverse: selected },
    {
      // A watch a person took over: "taken over" (the details say after which turn).
      text: ` · ${s.takenOverAfter === undefined ? s.mode : 'taken over'}`,
      color: theme.text.accent,
    },
    {
      text: ` · ${s.end}${scores}`,
      color:
        s.end === 'interrupted' || s.end === 'error' ? theme.level.warning : theme.text.secondary,
    },
  ];
}

/**
 * A recording's line still wider than the list (a long scenario name at 120 columns) gives up the
 * end of the scenario's name, so how it ended and its scores stay whole at the end of the line.
 */
function keepScores(line: Line, cols: number): Line {
  const over = lineWidth(line) - cols;
  const name = line[RECORDING_NAME];
  if (over <= 0 || line.length !== RECORDING_SEGMENTS || !name) return line;
  const short = { ...name, text: truncate(name.text, Math.max(4, lineWidth([name]) - over)) };
  return line.map((seg, i) => (i === RECORDING_NAME ? short : seg));
}
const RECORDING_NAME = 2;
/** The column the list's window puts before each line (useBlockWindow). */
const GUTTER = 1;
const RECORDING_SEGMENTS = 5;

/** The items that match, each persona's header on the first of its entries still shown. */
function narrowed(all: readonly Item[], keep: (it: Item) => boolean, theme: Theme): Item[] {
  let persona = '';
  return all.filter(keep).map((it): Item => {
    if (it.kind !== 'entry') return it;
    const first = it.persona !== persona;
    persona = it.persona;
    const { header: _, ...rest } = it;
    return first
      ? {
          ...rest,
          header: it.header ?? [[{ text: it.persona, bold: true, color: theme.text.accent }]],
        }
      : rest;
  });
}

/** What the filter matches an item by: ids, titles, persona; a recording's file, scenario and title. */
function itemText(item: Item): string {
  if (item.kind === 'recording')
    return `${item.rec.name} ${item.rec.summary.scenario ?? ''} ${item.rec.summary.title ?? ''} ${item.rec.summary.mode ?? ''}${item.rec.summary.takenOverAfter === undefined ? '' : ' taken over'}`;
  const e = item.entry;
  const kind = e.kind === 'episode' ? ' episode' : ` ${e.paradigm ?? ''}`;
  return `${e.id} ${e.title ?? ''} ${item.persona}${kind}`;
}

/** The offline notice in a line of 80 columns, where the whole one does not fit. */
const OFFLINE_SHORT = 'No model configured: set OPENAI_API_KEY or --base-url to use one.';

function cycle(list: readonly string[], current: string): string {
  return list[(list.indexOf(current) + 1) % list.length] ?? current;
}

/** What the home screen had picked, kept by the app while a session runs, so coming back finds it again. */
export interface HomeMemory {
  mode: HomeMode;
  entry: number;
  recording: number;
  backends: { agent: string; user: string; judge: string } | undefined;
  /** The list's filter: `entry` is a place in the list it narrows. */
  filter: string;
}

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
  const library = useMemo(() => libraryItems(data, theme), [data, theme]);
  const recordings = useMemo<Item[]>(
    () => data.recordings.map((rec) => ({ kind: 'recording', rec })),
    [data],
  );
  const filter = useListFilter(!help, remembered?.filter);
  const items = useMemo(() => {
    const all = mode === 'replay' ? recordings : library.items;
    return filter.text ? narrowed(all, (it) => filter.matches(itemText(it)), theme) : all;
  }, [mode, recordings, library.items, filter.text, theme]);
  const entryCursor = useListCursor(mode === 'replay' ? library.items.length : items.length, {
    initial: remembered?.entry ?? 0,
  });
  const recCursor = useListCursor(mode === 'replay' ? items.length : recordings.length, {
    initial: remembered?.recording ?? 0,
  });
  const cursor = mode === 'replay' ? recCursor : entryCursor;
  const selected = items[cursor.selected];
  const refs = selected?.kind === 'entry' ? selected.entry.references : [];
  const agentOptions = [
    'script',
    ...refs.map((r) => `script:${r}`),
    ...(data.models.agent.configured ? ['openai'] : []),
    ...data.acpAgents.map((a) => a.spec),
  ];
  const userOptions = ['rules', ...(data.models.user.configured ? ['openai'] : [])];
  const judgeOptions = ['rules', ...(data.models.judge.configured ? ['openai'] : [])];
  const [backends, setBackends] = useState(
    () =>
      remembered?.backends ?? {
        agent: data.models.agent.configured ? 'openai' : 'script',
        user: data.models.user.configured ? 'openai' : 'rules',
        judge: data.models.judge.configured ? 'openai' : 'rules',
      },
  );
  if (memory)
    memory.current = {
      mode,
      entry: entryCursor.selected,
      recording: recCursor.selected,
      backends,
      filter: filter.text,
    };
  const agent = agentOptions.includes(backends.agent) ? backends.agent : 'script';

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
  const anyModel = Object.values(data.models).some((m) => m.configured);
  // The notice (no model configured, and how to set one) says its end: too long for a line, it
  // says only how to set a model (the header says what runs offline), or it wraps.
  let noticeText = notice;
  if (notice && textWidth(notice) > columns && !anyModel) noticeText = OFFLINE_SHORT;
  const noticeLines: Line[] = noticeText
    ? wrapWithPrefix([], noticeText, columns, { color: theme.level.warning })
    : [[{ text: '' }]];
  const footerHeight = 3 + noticeLines.length;
  const bodyHeight = rows - 1 - 1 - footerHeight;
  const listInner = paneInner({ width: listWidth, height: bodyHeight });
  const detailInner = paneInner({ width: columns - listWidth, height: bodyHeight });
  const fitted = useMemo(
    () =>
      mode === 'replay'
        ? blocks.map((b) => b.map((l) => keepScores(l, listInner.cols - GUTTER)))
        : blocks,
    [blocks, mode, listInner.cols],
  );
  const view = useBlockWindow(fitted, cursor.selected, listInner.rows, { marked: false });

  const modeIndex = HOME_MODES.findIndex((m) => m.mode === mode);
  // A new filter starts at its first match: the selection kept its place in the old list, so
  // enter opened whichever match sat there (the third of three).
  const [filtered, setFiltered] = useState(filter.text);
  if (filtered !== filter.text) {
    setFiltered(filter.text);
    cursor.top();
  }
  const hidden = mode === 'replay' ? (data.recordingsTotal ?? 0) - data.recordings.length : 0;
  const olderNote = hidden > 0 ? ` · ${hidden} older not listed` : '';
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
      cycleAgent: () => setBackends((b) => ({ ...b, agent: cycle(agentOptions, agent) })),
      cycleUser: () => setBackends((b) => ({ ...b, user: cycle(userOptions, b.user) })),
      cycleJudge: () => setBackends((b) => ({ ...b, judge: cycle(judgeOptions, b.judge) })),
      start: () => {
        if (!selected) return;
        if (selected.kind === 'recording') onStart({ mode: 'replay', file: selected.rec.file });
        else if (mode !== 'replay')
          onStart({
            mode,
            library: selected.library,
            target: selected.entry.id,
            backends: { ...backends, agent },
          });
      },
      help: () => setHelp(true),
      filter: () => filter.start(),
      quit: onQuit,
    },
    { active: !help },
  );

  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;

  const modelText = anyModel
    ? `model: ${(['agent', 'user', 'judge'] as const).map((r) => `${r} ${data.models[r].configured ? (data.models[r].model ?? 'configured') : 'offline'}`).join(' · ')}`
    : 'no model configured: offline (script agent, rules user, rules judge)';
  const hint: Seg = {
    text: '  pick a scenario or episode, a mode, and start   ',
    color: theme.text.secondary,
  };
  const model: Seg = {
    text: modelText,
    color: anyModel ? theme.check.pass.color : theme.level.warning,
  };
  // The hint makes way for the models' line when both do not fit: that one says what will run.
  const title: Seg = { text: 'intentplay', bold: true, color: theme.text.accent };
  const header: Line =
    lineWidth([title, hint, model]) <= columns
      ? [title, hint, model]
      : [title, { text: '  ' }, model];
  const modesLine: Line = [
    { text: 'mode  ', color: theme.text.muted },
    ...HOME_MODES.flatMap((m): Seg[] => [
      {
        text: ` ${m.label} `,
        inverse: m.mode === mode,
        bold: m.mode === mode,
        color: m.mode === mode ? theme.text.accent : undefined,
      },
      { text: ' ' },
    ]),
    {
      text: ` ${keysOf('modePrev', 'home').split('/')[0]}/${keysOf('modeNext', 'home').split('/')[0]} changes`,
      color: theme.text.muted,
    },
  ];
  // An acp agent from the config file goes by its name there.
  const named = (value: string) => data.acpAgents.find((a) => a.spec === value)?.name;
  const who = (role: 'agent' | 'user', value: string) => {
    if ((mode === 'play' && role === 'user') || (mode === 'agent' && role === 'agent'))
      return 'you';
    const name = named(value);
    return name ? `acp:${name}` : value;
  };
  const backendsLine: Line =
    mode === 'replay'
      ? [
          {
            text: 'replay shows a recording turn by turn, every pane as it was',
            color: theme.text.muted,
          },
        ]
      : [
          { text: 'backends  ', color: theme.text.muted },
          { text: `agent ${who('agent', agent)}`, bold: true },
          { text: ' (a)  ', color: theme.text.muted },
          { text: `user ${who('user', backends.user)}`, bold: true },
          { text: ' (u)  ', color: theme.text.muted },
          { text: `judge ${backends.judge}`, bold: true },
          { text: ' (J)', color: theme.text.muted },
        ];
  const hints: Line = [
    {
      text: filter.typing
        ? 'type to filter · esc clears · enter start · ↑/↓ pick'
        : 'enter start · ↑/↓ pick · / filter · ? keys · q quit',
      color: theme.text.secondary,
    },
  ];
  const muted = (text: string): Line[] => [[{ text, color: theme.text.muted }]];
  let emptyList: Line[] = [...library.problems, ...muted(' No scenarios found.')];
  if (mode === 'replay')
    emptyList = muted(' No recordings in ./recordings yet: watch or play a session first.');
  else if (data.loading) emptyList = muted(' Reading the library…');
  let listInfo = items.length ? `${cursor.selected + 1}/${items.length}${olderNote}` : '';
  if (filter.typing || filter.text)
    listInfo = `/${filter.text}${filter.typing ? '▏' : ''}  ${items.length} shown`;
  const footer = [modesLine, backendsLine, hints, ...noticeLines];
  const details = detailLines(selected, detailInner.cols, theme, {
    loading: Boolean(data.loading),
    filtered: Boolean(filter.text),
  });
  const picked = HOME_MODES[modeIndex]!;
  const modeAbout: Line[] = [
    [{ text: '' }],
    ...wrapWithPrefix(
      [{ text: `${picked.label}: `, bold: true, color: theme.text.accent }],
      picked.about,
      detailInner.cols,
      { color: theme.text.secondary },
    ),
  ];
  // What the picked mode does, for whoever has not used it yet, where the rows leave room for it.
  const detailRows =
    details.length + modeAbout.length <= detailInner.rows
      ? [...details, ...modeAbout]
      : markOverflow(details, detailInner.rows, theme);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <LineView lines={[header]} top={0} height={1} cols={columns} />
      {help ? (
        <HelpOverlay
          scopes={['home', 'global']}
          width={columns}
          height={bodyHeight}
          onClose={() => setHelp(false)}
        />
      ) : (
        <Box flexDirection="row" height={bodyHeight}>
          <Pane
            title={mode === 'replay' ? 'Recent recordings' : 'Library'}
            info={listInfo}
            focused
            box={{ width: listWidth, height: bodyHeight }}
          >
            <LineView
              lines={items.length ? view.visible : emptyList}
              top={0}
              height={listInner.rows}
              cols={listInner.cols}
            />
          </Pane>
          <Pane
            title="Details"
            focused={false}
            box={{ width: columns - listWidth, height: bodyHeight }}
          >
            <LineView
              lines={detailRows}
              top={0}
              height={detailInner.rows}
              cols={detailInner.cols}
            />
          </Pane>
        </Box>
      )}
      <LineView lines={footer} top={0} height={footerHeight} cols={columns} />
    </Box>
  );
}
