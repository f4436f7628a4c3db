/**
 * The conversation as styled lines: one block per item (message, tool call, notice),
 * wrapped to the pane's width. Blocks are built per turn and cached on the turn object,
 * which the reducer replaces only when that turn changes, so a long session re-wraps
 * only its last turn.
 */
import { gatheringOf } from '../contracts/proposal-events.ts';
import { permissionLine, planLine } from '../session/agent-activity-text.ts';
import { NOTICE_TAGS, proposalMark } from '../session/marks.ts';
import type {
  ConversationItem,
  ProposalItem,
  StreamState,
  ToolItem,
  TurnState,
} from '../store/state.ts';
import { fmtArgs, fmtResult, prettyValue, shortTime } from '../text/format.ts';
import type { Theme } from './theme.ts';
import {
  lineWidth,
  truncate,
  width,
  wrap,
  wrapWithPrefix,
  type Line,
  type Seg,
} from '../text/text.ts';
import { emptyReplyText } from '../store/selectors.ts';

export interface Block {
  /** Stable key: `turn:index`; tool calls also by call id for expansion. */
  key: string;
  toolKey?: string;
  lines: Line[];
}

const LABEL_WIDTH = 6;
const EXPANDED_MAX_LINES = 40;

export const toolKey = (turn: number, callId: string) => `${turn}:${callId}`;

function label(text: string, color: string | undefined): Seg[] {
  return [{ text: text.padEnd(LABEL_WIDTH - 1), color, bold: true }, { text: ' ' }];
}

/** How a turn is drawn for the person in front of it. */
interface Reader {
  /** Whether a user message shows which hidden intents it concerns (never to a person playing the agent). */
  intents: boolean;
  /** A person plays the user: what the agent is told about the user is reworded for them where it reads as a status. */
  user: boolean;
}

function itemBlock(
  item: ConversationItem,
  index: number,
  cols: number,
  expanded: boolean,
  theme: Theme,
  emptyReply: string,
  reader: Reader,
): Block {
  const key = `${item.turn}:${index}`;
  switch (item.kind) {
    case 'message': {
      // A monitor observation woke the agent (time scenarios): labelled `wake`, with its simulated time.
      const color = item.role === 'monitor' ? theme.role.event : theme.role[item.role];
      const name = item.role === 'monitor' ? 'wake' : item.role;
      const empty = item.role === 'agent' ? `(${emptyReply})` : '(no reply)';
      const text = reader.user && item.role === 'monitor' ? forThePerson(item.text) : item.text;
      const lines = wrapWithPrefix(
        label(name, color),
        text || empty,
        cols,
        text ? {} : { dim: true },
      );
      if (item.role === 'event' && item.source)
        lines.splice(1, 0, [
          { text: ' '.repeat(LABEL_WIDTH) },
          { text: `from ${item.source}`, color: theme.text.muted, italic: true },
        ]);
      if (reader.intents && item.intents?.length)
        lines.push([
          { text: ' '.repeat(LABEL_WIDTH) },
          { text: `↳ about ${item.intents.join(', ')}`, color: theme.text.muted },
        ]);
      return { key, lines };
    }
    case 'tool': {
      const mark = toolMark(item.state, theme);
      const head: Seg[] = [
        { text: ' '.repeat(LABEL_WIDTH - 2) + (expanded ? '▾ ' : '▸ '), color: theme.text.muted },
        { text: item.name, color: theme.role.tool, bold: true },
        { text: ' ' },
        mark,
      ];
      const room = Math.max(8, cols - LABEL_WIDTH - item.name.length - 4);
      const summary =
        item.state === 'error'
          ? (item.error ?? 'failed')
          : `${fmtArgs(item.args, Math.floor(room * 0.6))}${item.result !== undefined ? ` → ${fmtResult(item.result, Math.floor(room * 0.4))}` : ''}`;
      const lines: Line[] = [
        [
          ...head,
          {
            text: ' ' + truncate(summary, room),
            color: item.state === 'error' ? theme.level.error : theme.text.secondary,
          },
        ],
      ];
      if (expanded) {
        const indent = { text: ' '.repeat(LABEL_WIDTH) };
        const body = (title: string, value: unknown, color?: string) => {
          const text = wrap(prettyValue(value), Math.max(1, cols - LABEL_WIDTH - 2));
          lines.push([indent, { text: title, color: theme.text.muted, bold: true }]);
          for (const t of text.slice(0, EXPANDED_MAX_LINES))
            lines.push([indent, { text: '  ' + t, color }]);
          if (text.length > EXPANDED_MAX_LINES)
            lines.push([
              indent,
              {
                text: `  … ${text.length - EXPANDED_MAX_LINES} more lines`,
                color: theme.text.muted,
              },
            ]);
        };
        body('args', item.args);
        if (item.state === 'error') body('error', item.error ?? '', theme.level.error);
        else if (item.result !== undefined) body('result', item.result);
      }
      return { key, toolKey: toolKey(item.turn, item.callId), lines };
    }
    case 'proposal': {
      // A card: the agent's proposal, then the user's answer (or that it waits for one).
      const mark = proposalMark(item.verdict, theme, reader.user);
      const state = { ...mark, text: mark.text + answeredWhen(item) };
      const head = label('propose', theme.role.agent);
      // The card's bar stands under its corner, after the label (wider than the others).
      const pad: Seg = { text: ' '.repeat(lineWidth(head)) };
      const inner = Math.max(8, cols - lineWidth(head) - 2);
      const bar: Seg = { text: '│ ', color: theme.role.agent };
      // The user's reason is the judge's side (the rules user names the goal it matched): a
      // person playing the agent with the intents hidden is told only the verdict, as an agent is.
      const reason = reader.intents ? item.reason : undefined;
      const lines: Line[] = [
        [
          ...head,
          { text: `┌ ${item.id} `, color: theme.role.agent, bold: true },
          { text: state.text, color: state.color, bold: true },
        ],
        ...wrap(item.summary, inner).map((l): Line => [pad, bar, { text: l, bold: true }]),
        ...(reason
          ? wrap(reason, inner).map((l, i): Line => [
              pad,
              bar,
              { text: i ? l : `user: ${l}`, color: theme.text.secondary, italic: true },
            ])
          : []),
      ];
      return { key, lines };
    }
    case 'plan': {
      const pad: Seg = { text: ' '.repeat(LABEL_WIDTH) };
      const color = (s: string) => planEntryColor(s, theme);
      return {
        key,
        lines: [
          label('plan', theme.role.agent),
          ...item.entries.flatMap((e) =>
            wrap(planLine(e), Math.max(8, cols - LABEL_WIDTH)).map((l): Line => [
              pad,
              { text: l, color: color(e.status) },
            ]),
          ),
        ].map((l, i) =>
          i === 0
            ? [
                ...l,
                {
                  text: `${item.entries.filter((e) => e.status === 'completed').length}/${item.entries.length} done`,
                  color: theme.text.muted,
                },
              ]
            : l,
        ),
      };
    }
    case 'permission': {
      const color = item.decision === 'denied' ? theme.level.warning : theme.text.muted;
      return {
        key,
        lines: wrapWithPrefix(
          [{ text: ' '.repeat(LABEL_WIDTH - 2) + '⚿ ', color, bold: true }],
          permissionLine(item),
          cols,
          { color },
        ),
      };
    }
    case 'notice': {
      const color = theme.level[item.level];
      const tag = NOTICE_TAGS[item.source];
      return {
        key,
        lines: wrapWithPrefix(
          [{ text: ' '.repeat(LABEL_WIDTH - 2) + '! ', color, bold: true }],
          tag + item.text,
          cols,
          { color },
        ),
      };
    }
  }
}

/**
 * The agent's observation as the person playing the user reads it: the line telling the agent
 * that the user looks into a waiting proposal first (a move other than an answer) would describe
 * them to themselves as a simulated user; they read what it means for them.
 */
function forThePerson(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const id = gatheringOf(line);
      return id ? `${id} still waits for your answer: ctrl+y accepts it, ctrl+r rejects it.` : line;
    })
    .join('\n');
}

/** When a turn began on the simulated clock (time scenarios): its first message's time. */
function turnTime(turn: TurnState): string | undefined {
  for (const it of turn.items) if (it.kind === 'message' && it.at) return shortTime(it.at);
  return undefined;
}

function turnHeader(turn: TurnState, cols: number, theme: Theme): Line {
  const at = turnTime(turn);
  const title = ` turn ${turn.turn}${at ? ` · ${at}` : ''}${turn.error ? ' · error' : ''} `;
  return [
    {
      text: '──' + title + '─'.repeat(Math.max(0, cols - title.length - 2)),
      color: theme.text.muted,
    },
  ];
}

const cache = new WeakMap<TurnState, { sig: string; blocks: Block[] }>();

/** The blocks of one turn: a header, then its items. */
export function turnBlocks(
  turn: TurnState,
  cols: number,
  expanded: (key: string) => boolean,
  theme: Theme,
  opts: { intents?: boolean; user?: boolean } = {},
): Block[] {
  const reader: Reader = { intents: opts.intents !== false, user: opts.user === true };
  const open = turn.items.flatMap((it) =>
    it.kind === 'tool' && expanded(toolKey(it.turn, it.callId)) ? [it.callId] : [],
  );
  const sig = `${cols}|${theme.color}|${reader.intents}|${reader.user}|${open.join(',')}`;
  const hit = cache.get(turn);
  if (hit?.sig === sig) return hit.blocks;
  const blocks: Block[] = [];
  if (turn.turn > 0) blocks.push({ key: `${turn.turn}:h`, lines: [turnHeader(turn, cols, theme)] });
  const emptyReply = emptyReplyText(turn);
  turn.items.forEach((item, i) =>
    blocks.push(
      itemBlock(
        item,
        i,
        cols,
        item.kind === 'tool' && open.includes(item.callId),
        theme,
        emptyReply,
        reader,
      ),
    ),
  );
  cache.set(turn, { sig, blocks });
  return blocks;
}

/**
 * The streaming reply's cursor after its last character. Added after wrapping, not to the
 * text: a reply is wrapped again on every frame, and plain ASCII wraps far faster.
 */
function withCursor(lines: Line[], cols: number, theme: Theme): Line[] {
  const last = lines.at(-1)!;
  const used = last.reduce((n, seg) => n + width(seg.text), 0);
  const cursor: Seg = { text: '▍', color: theme.text.secondary };
  if (used < cols) lines[lines.length - 1] = [...last, cursor];
  // A full line: the cursor starts the next one, under the text (the last segment is the text).
  else lines.push([{ text: ' '.repeat(used - width(last.at(-1)!.text)) }, cursor]);
  return lines;
}

/**
 * What is still arriving: streamed tool arguments and reply text, a user's message the judge is
 * still reading (shown at once, marked), or who the session waits for.
 */
export function liveLines(
  stream: StreamState | null,
  awaiting: { role: 'user' | 'agent' } | null,
  cols: number,
  theme: Theme,
  you: 'user' | 'agent' | null,
  reading: { text: string } | null = null,
  /** A proposal scenario: the user's turn is a move on their phone. */
  phone = false,
): Line[] {
  const lines: Line[] = [];
  if (reading)
    lines.push(...wrapWithPrefix(label('user', theme.role.user), reading.text, cols), [
      { text: ' '.repeat(LABEL_WIDTH - 2) + '⋯ ', color: theme.text.accent },
      { text: 'reading… the judge reads what it states', color: theme.text.muted, italic: true },
    ]);
  if (stream) {
    for (const t of stream.tools)
      lines.push([
        { text: ' '.repeat(LABEL_WIDTH - 2) + '▸ ', color: theme.text.muted },
        { text: t.name, color: theme.role.tool, bold: true },
        {
          text: ' ' + truncate(t.args, Math.max(4, cols - LABEL_WIDTH - t.name.length - 2)),
          color: theme.text.muted,
        },
      ]);
    if (stream.text)
      lines.push(
        ...withCursor(
          wrapWithPrefix(label('agent', theme.role.agent), stream.text, cols, {
            color: theme.text.secondary,
          }),
          cols,
          theme,
        ),
      );
  }
  if (awaiting) {
    const who =
      awaiting.role === you
        ? `your turn: ${yourPart(awaiting.role, phone)} below`
        : `waiting for the ${awaiting.role}…`;
    // Wrapped, not cut: a narrow pane (five side by side) has rows for its end.
    lines.push(
      ...wrapWithPrefix(
        [{ text: ' '.repeat(LABEL_WIDTH - 2) + '⋯ ', color: theme.text.accent }],
        who,
        cols,
        { color: theme.text.accent, italic: true },
      ),
    );
  }
  return lines;
}

/** What the person writes in their turn. */
function yourPart(role: 'user' | 'agent', phone: boolean): string {
  if (role === 'agent') return "write the agent's reply or a tool call";
  return phone ? "make the user's move on the phone" : "write the user's message";
}

function toolMark(state: ToolItem['state'], theme: Theme): Seg {
  if (state === 'running') return { text: '…', color: theme.text.muted };
  return state === 'ok'
    ? { text: '✔', color: theme.check.pass.color }
    : { text: '✗', color: theme.check.fail.color };
}

/** A plan entry done, under way, or still to do. */
function planEntryColor(status: string, theme: Theme): string | undefined {
  if (status === 'completed') return theme.check.pass.color;
  return status === 'in_progress' ? theme.text.accent : theme.text.muted;
}

/**
 * When the user answered a proposal, once that is after the proposal's turn (the answer opens
 * the next turn; older recordings give the proposal's own turn, and say nothing here).
 */
function answeredWhen(item: ProposalItem): string {
  const later = item.verdict && item.answeredIn !== undefined && item.answeredIn > item.turn;
  return later ? ` in turn ${item.answeredIn}` : '';
}
