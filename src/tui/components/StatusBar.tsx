/** Two lines at the bottom: what runs (scenario, mode, backends, turn, tokens, cost) and the keys that matter now. */
import { usageTotals, wokenTurn } from '../../store/selectors.ts';
import { useControl, useSession } from '../context.tsx';
import { fmtBackends, fmtCost, fmtScore, fmtTokens } from '../../text/format.ts';
import { passTimeLabel, statusSegments } from '../paradigm-views.ts';
import { keysOf, type Action, type Scope } from '../keymap.ts';
import type { ControlState } from '../session/controller.ts';
import { useTheme } from '../theme.ts';
import { lineWidth, type Line, type Seg } from '../../text/text.ts';
import { LineView } from './LineView.tsx';

function modeBadge(c: Pick<ControlState, 'mode' | 'paused' | 'delayMs' | 'running'>): string {
  switch (c.mode) {
    case 'watch':
      if (!c.running) return 'WATCH';
      if (c.paused) return 'WATCH ❚❚ paused';
      return `WATCH ▶ ${c.delayMs ? `${c.delayMs / 1000}s/turn` : 'full speed'}`;
    case 'play':
      return 'PLAY (you are the user)';
    case 'agent':
      return 'PLAY (you are the agent)';
    case 'replay':
      return 'REPLAY';
  }
}

/**
 * Live, the turn counts up to the scenario's limit. A replay's timeline already says which of the
 * recorded turns is shown ("turn 0 of 5"), so here it says how many there are and the limit apart:
 * "turn 0/30" beside "turn 0/5" read as two different positions.
 */
function turnLabel(turn: number, maxTurns: number | undefined, recorded: number | undefined) {
  const max = maxTurns ?? '?';
  if (recorded === undefined) return `turn ${turn}/${max}`;
  return `${recorded} turn${recorded === 1 ? '' : 's'} recorded · max ${max}`;
}

const HINTS: Record<ControlState['mode'], [Action, Scope, string][]> = {
  watch: [
    ['pause', 'watch', 'pause'],
    ['step', 'watch', 'step'],
    ['faster', 'watch', 'faster'],
    ['slower', 'watch', 'slower'],
    ['takeOver', 'watch', 'take over'],
  ],
  // While a person plays, letters always type (into the input box), so no key is needed for it.
  play: [
    ['reveal', 'intents', 'reveal'],
    ['personaCard', 'play', 'who you are'],
    ['endSession', 'play', 'end'],
  ],
  agent: [
    ['toolPicker', 'agentInput', 'tools'],
    ['endSession', 'play', 'end'],
  ],
  replay: [
    ['turnPrev', 'replay', 'turn'],
    ['turnNext', 'replay', 'turn'],
    ['nextChange', 'replay', 'next change'],
    ['turnFirst', 'replay', 'first'],
    ['turnLast', 'replay', 'last'],
    ['fork', 'replay', 'fork'],
  ],
};

/**
 * `typing`: the input box has the keys, so the hints are the input's (q, ? and the rest type text
 * there). `written`: the box holds text, so `?` types even from a pane; the help needs it empty.
 */
export function StatusBar({
  width,
  typing = false,
  written = false,
  searching = false,
  home = false,
}: {
  width: number;
  typing?: boolean;
  written?: boolean;
  /** Replay's search line is open: letters are its words, so only its own keys are hinted. */
  searching?: boolean;
  /** The session was opened from the home screen, so `b` goes back there once it is over. */
  home?: boolean;
}) {
  const theme = useTheme();
  const scenario = useSession((s) => s.scenario);
  const turn = useSession((s) => s.turn);
  const usage = useSession((s) => s.usage);
  const end = useSession((s) => s.end);
  const scores = useSession((s) => s.scores);
  // The paradigms' segments: a time scenario's clock (always in view), a proposal scenario's phase.
  const waitFrom = useControl((c) => c.waitingForTime?.from);
  const paradigmSegments = useSession((s) => statusSegments(s, theme, waitFrom));
  const passTime = useSession(passTimeLabel);
  const woken = useSession(wokenTurn);
  const mode = useControl((c) => c.mode);
  const paused = useControl((c) => c.paused);
  const delayMs = useControl((c) => c.delayMs);
  const running = useControl((c) => c.running);
  const takenOver = useControl((c) => Boolean(c.takenOver));
  const opening = useControl((c) => Boolean(c.opening));
  const recordedTurns = useControl((c) => c.replay?.lastTurn);
  // A study participant never sees the backends (they would name the condition), its cost or, unless allowed, the scores.
  const participant = useControl((c) => c.participant);
  const totals = usageTotals({ usage });
  const sep: Seg = { text: ' │ ', color: theme.text.muted };
  const info: Seg[] = [
    { text: scenario ? scenario.id : 'starting…', bold: true },
    ...(scenario && scenario.of > 1
      ? [{ text: ` (${scenario.index + 1}/${scenario.of})`, color: theme.text.muted }]
      : []),
    sep,
    { text: modeBadge({ mode, paused, delayMs, running }), color: theme.text.accent, bold: true },
    // The result comes early: a narrow terminal cuts the end of the line, never the scores.
    ...(end && (!participant || participant.verdicts)
      ? [
          sep,
          {
            text: `${end.end} · Proc ${fmtScore(scores?.proc)} · Comp ${fmtScore(scores?.comp)}`,
            bold: true,
            color:
              end.end === 'error' || end.end === 'judge_failed'
                ? theme.level.error
                : theme.check.pass.color,
          },
        ]
      : []),
  ];
  // Then what a narrow terminal may leave out, whole, from the end.
  const more: Seg[][] = [
    [sep, { text: turnLabel(turn, scenario?.maxTurns, recordedTurns) }],
    ...paradigmSegments.map((segment) => [sep, segment]),
    ...(participant
      ? []
      : [
          [
            sep,
            {
              text: `${fmtTokens(totals.inputTokens + totals.outputTokens)} tok${totals.estimated ? '~' : ''} ${fmtCost(totals.costUsd)}`,
            },
          ],
        ]),
  ];
  // After a take-over the person holds the user's seat, whatever the session started with.
  const backends = participant
    ? []
    : fmtBackends(
        scenario?.backends && takenOver
          ? { ...scenario.backends, user: { kind: 'human' } }
          : scenario?.backends,
      )
        .split(' · ')
        .map((text, i): Seg[] => [
          i ? { text: ' · ', color: theme.text.secondary } : sep,
          { text, color: theme.text.secondary },
        ]);
  const keys: Seg[][] = [];
  // In a study ctrl+c stops the participant's run, and `study run` resumes it at the same step.
  const quitLabel = participant ? 'stop (resume later)' : 'quit';
  const add = (k: string, label: string) =>
    keys.push([
      ...(keys.length ? [{ text: '  ' }] : []),
      { text: k, bold: true, color: theme.text.accent },
      { text: ' ' + label, color: theme.text.secondary },
    ]);
  if (opening) add(keysOf('begin', 'opening'), 'begin');
  if (searching) {
    // The search line says how to move between matches; here only how to leave it.
    add(keysOf('close', 'search'), 'clear the search');
    add('ctrl+c', quitLabel);
  } else if (typing) {
    if (!opening) add(keysOf('send', 'input'), 'send');
    // A woken turn ends in a reply or in silence: the way to silence must be in sight, so it
    // comes before the hints a narrow terminal drops (at 120 columns the last ones go).
    if (mode === 'agent' && woken) add(keysOf('keepSilent', 'agentInput'), 'keep silent');
    add(keysOf('blur', 'input'), 'leave the input');
    // The help, as outside the box (`?`): from a pane, while nothing is written.
    add(keysOf('help', 'global'), written ? 'keys (after esc, box empty)' : 'keys (after esc)');
    add('ctrl+c', quitLabel);
    add(keysOf('endSession', 'input'), 'end the session');
    if (mode === 'play') add(keysOf('personaCard', 'input'), 'who you are');
    if (mode === 'play' && passTime) add(keysOf('passTime', 'input'), passTime);
    if (mode === 'agent') add(keysOf('toolPicker', 'agentInput'), 'tools');
  } else {
    add('?', 'keys');
    add('tab', 'pane');
    for (const [action, scope, label] of running || mode === 'replay' ? HINTS[mode] : [])
      add(
        keysOf(action, scope).split('/')[0]!,
        participant && action === 'reveal' ? 'use this goal' : label,
      );
    // A study participant's ended session leaves by enter, to the next step of the study.
    if (!running && participant) add('enter', 'go on');
    else {
      if (!running && mode !== 'replay' && home) add('b', 'home');
      // While a person plays, letters type: quitting is ctrl+c.
      add(running && (mode === 'play' || mode === 'agent') ? 'ctrl+c' : 'q', quitLabel);
    }
  }
  // What does not fit is left out whole, from the end, rather than cut: the backends one by one,
  // and the key hints but the last (quitting; `?` lists every key).
  const lines: Line[] = [
    [...info, ...fitting([...more, ...backends], width - lineWidth(info))],
    fittingHints(keys, width, !typing && !searching),
  ];
  return <LineView lines={lines} top={0} height={2} cols={width} />;
}

/** The first of `parts` that fit in `cols`, in order. */
function fitting(parts: readonly Seg[][], cols: number): Seg[] {
  const out: Seg[] = [];
  for (const part of parts) {
    if (lineWidth(out) + lineWidth(part) > cols) break;
    out.push(...part);
  }
  return out;
}

/** The hints that fit, dropped from the end; with `keepLast`, the last hint (quitting) stays. */
function fittingHints(hints: readonly Seg[][], cols: number, keepLast: boolean): Seg[] {
  const kept = [...hints];
  while (kept.length > 1 && lineWidth(kept.flat()) > cols) kept.splice(keepLast ? -2 : -1, 1);
  return kept.flat();
}
