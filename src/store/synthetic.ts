/**
 * A synthetic but well-formed event stream of any length, for benchmarks and tests of
 * long sessions: each turn has a user message, tool calls with results, a multi-line
 * agent reply, a workspace diff, and now and then an intent status change or a tick.
 */
import type { SessionEvent, TimedEvent } from '../contracts/events.ts';

export interface SyntheticOptions {
  turns: number;
  intents?: number;
  checklist?: number;
  toolsPerTurn?: number;
}

const WORDS =
  'plan budget week meal protein batch cook sunday price shop list gym shoes train rest read paper note draft check'.split(
    ' ',
  );

export function syntheticReply(turn: number, words = 60): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(turn * 7 + i * 3) % WORDS.length]!);
  return out.join(' ').replace(/(\S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+ \S+) /g, '$1\n');
}

export function syntheticEvents(opts: SyntheticOptions): TimedEvent[] {
  const intents = opts.intents ?? 6;
  const checklist = opts.checklist ?? 5;
  const tools = opts.toolsPerTurn ?? 2;
  const events: TimedEvent[] = [];
  let t = 0;
  const push = (e: SessionEvent) => events.push({ ...e, t: (t += 3) } as TimedEvent);
  push({
    type: 'session_start',
    scenario: 'synthetic/long',
    persona: 'synthetic',
    title: `A ${opts.turns}-turn synthetic session`,
    index: 0,
    of: 1,
    trigger: { kind: 'user', text: 'Help me plan the week.' },
    intents: Array.from({ length: intents }, (_, i) => ({
      id: `I${i + 1}`,
      text: `Hidden intent number ${i + 1}: ${syntheticReply(i, 12)}`,
      reveal: `Reveal ${i + 1}.`,
    })),
    checklist: Array.from({ length: checklist }, (_, i) => ({
      id: `C${i + 1}`,
      text: `Checklist item ${i + 1}`,
      grader: i % 2 ? 'rubric' : 'rule',
      hasRule: true,
    })),
    maxTurns: opts.turns,
    toolSteps: 30,
    backends: {
      agent: { kind: 'script', name: 'synthetic' },
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    },
  });
  const statusEvery = Math.max(1, Math.floor(opts.turns / intents));
  for (let turn = 1; turn <= opts.turns; turn++) {
    push({ type: 'turn_start', turn });
    push({
      type: 'message',
      turn,
      role: 'user',
      text:
        turn === 1
          ? 'Help me plan the week.'
          : `Answer for turn ${turn}: ${syntheticReply(turn, 10)}`,
    });
    for (let k = 0; k < tools; k++) {
      const callId = `call_${turn}_${k}`;
      push({
        type: 'tool_call',
        turn,
        callId,
        name: k % 2 ? 'read_file' : 'write_file',
        args: { path: `notes/day-${turn}.md`, content: syntheticReply(turn + k, 20) },
      });
      push({
        type: 'tool_result',
        turn,
        callId,
        name: k % 2 ? 'read_file' : 'write_file',
        ok: true,
        result: `wrote notes/day-${turn}.md`,
      });
    }
    push({ type: 'message', turn, role: 'agent', text: syntheticReply(turn) });
    push({
      type: 'workspace_diff',
      turn,
      files: [
        {
          path: `notes/day-${turn}.md`,
          change: 'added',
          additions: 3,
          deletions: 0,
          patch: `--- /dev/null\n+++ notes/day-${turn}.md\n@@ -0,0 +1,3 @@\n+# Day ${turn}\n+${syntheticReply(turn, 8)}\n+done\n`,
        },
      ],
    });
    push({ type: 'turn_end', turn });
    const intent = turn / statusEvery;
    if (turn % statusEvery === 0 && intent <= intents)
      push({
        type: 'intent_status',
        turn,
        intent: `I${intent}`,
        from: 'open',
        to: turn % 2 ? 'completed' : 'inferred',
        cause: turn % 2 ? 'evidence' : 'question',
        detail: `turn ${turn} evidence`,
      });
    if (turn % 10 === 0)
      push({
        type: 'checklist_result',
        turn,
        item: `C${((turn / 10) % checklist) + 1}`,
        pass: turn % 20 === 0,
        reason: `tick at turn ${turn}`,
        by: 'rule',
      });
    push({
      type: 'usage',
      turn,
      role: 'agent',
      model: 'synthetic',
      usage: { inputTokens: 1200, outputTokens: 150, estimated: false, costUsd: 0.001 },
    });
  }
  push({ type: 'session_end', end: 'max_turns', turns: opts.turns });
  return events;
}
