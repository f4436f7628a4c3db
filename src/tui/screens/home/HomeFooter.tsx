/**
 * The home screen's footer: the modes (the picked one lit), the backends that will play (or
 * what replay shows), the keys, and the notice (no model configured, and how to set one).
 */
import { LineView } from '../../components/LineView.tsx';
import type { HomeData } from '../../home-data.ts';
import { keysOf } from '../../keymap.ts';
import { useTheme, type Theme } from '../../theme.ts';
import { width as textWidth, wrapWithPrefix, type Line, type Seg } from '../../../text/text.ts';
import { HOME_MODES, type HomeMode } from './modes.ts';

/** The offline notice in a line of 80 columns, where the whole one does not fit. */
const OFFLINE_SHORT = 'No model configured: set OPENAI_API_KEY or --base-url to use one.';

/**
 * The notice's lines. It says its end: too long for a line, it says only how to set a model (the
 * header says what runs offline), or it wraps. One empty line without a notice.
 */
export function noticeLines(
  notice: string | undefined,
  columns: number,
  anyModel: boolean,
  theme: Theme,
): Line[] {
  let text = notice;
  if (notice && textWidth(notice) > columns && !anyModel) text = OFFLINE_SHORT;
  return text
    ? wrapWithPrefix([], text, columns, { color: theme.level.warning })
    : [[{ text: '' }]];
}

export function HomeFooter({
  mode,
  backends,
  acpAgents,
  typing,
  notice,
  columns,
  height,
}: {
  mode: HomeMode;
  backends: { agent: string; user: string; judge: string };
  acpAgents: HomeData['acpAgents'];
  /** The person is typing a filter. */
  typing: boolean;
  notice: Line[];
  columns: number;
  height: number;
}) {
  const theme = useTheme();
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
  const named = (value: string) => acpAgents.find((a) => a.spec === value)?.name;
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
          { text: `agent ${who('agent', backends.agent)}`, bold: true },
          { text: ' (a)  ', color: theme.text.muted },
          { text: `user ${who('user', backends.user)}`, bold: true },
          { text: ' (u)  ', color: theme.text.muted },
          { text: `judge ${backends.judge}`, bold: true },
          { text: ' (J)', color: theme.text.muted },
        ];
  const hints: Line = [
    {
      text: typing
        ? 'type to filter · esc clears · enter start · ↑/↓ pick'
        : 'enter start · ↑/↓ pick · / filter · ? keys · q quit',
      color: theme.text.secondary,
    },
  ];
  const footer = [modesLine, backendsLine, hints, ...notice];
  return <LineView lines={footer} top={0} height={height} cols={columns} />;
}
