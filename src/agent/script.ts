/**
 * The `script[:NAME]` agent (docs/engine.md): plays a scenario's reference trajectory, one
 * entry per agent turn, running each entry's actions through the real tools. Offline and
 * deterministic; never presented as a model. Past the end it replies `(end of script)`.
 *
 * In a proposal scenario, once the agent has proposed, an entry that changes an app waits for the
 * user's yes: while the agent only observes (its proposal unanswered, or rejected) it holds its
 * place and waits, so a person who takes longer than the rules user to answer still sees the
 * accepted proposal carried out. (An entry that writes before any proposal is played, and refused.)
 */
import type { LoadedScenario } from '../scenario/library.ts';
import type { ReferenceStep } from '../scenario/schema.ts';
import { UserError } from '../contracts/diagnostics.ts';
import type { AgentBackend, AgentTurnInput, TranscriptEntry } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';

export const END_OF_SCRIPT = '(end of script)';
// The proposal tools' names (src/agent may not import a paradigm's module).
const WAIT = 'wait';
const PROPOSE = 'propose';

export class ScriptAgent implements AgentBackend {
  readonly info: BackendInfo;
  private readonly steps: readonly ReferenceStep[];

  constructor(scenario: LoadedScenario, name?: string) {
    const refs = scenario.references ?? {};
    const chosen = name ?? Object.keys(refs)[0];
    if (name && !refs[name]) {
      const known = Object.keys(refs);
      throw new UserError(
        `${scenario.id} has no reference trajectory \`${name}\`${known.length ? ` (it has: ${known.join(', ')})` : ' (it has none)'}`,
      );
    }
    this.steps = chosen ? (refs[chosen] ?? []) : [];
    this.info = { kind: 'script', ...(chosen ? { name: chosen } : {}) };
  }

  async runTurn(input: AgentTurnInput): Promise<{ reply: string }> {
    const { turn, callTool, turnOver } = input;
    // By turn, not by calls made: a fork's script agent that takes over at turn N plays entry N,
    // less the turns it held waiting for an answer (read from what it did in them, so a fresh
    // agent taking over counts its parent's too).
    const step = this.steps[turn - 1 - heldIn(this.steps, input.transcript, turn)];
    if (!step) return { reply: END_OF_SCRIPT };
    const offered = new Set(input.tools.map((t) => t.name));
    if (awaitsAnswer(input) && (step.actions ?? []).some((a) => !offered.has(a.tool))) {
      await callTool(WAIT, {});
      return { reply: '' };
    }
    for (const action of step.actions ?? []) {
      if (turnOver()) break;
      await callTool(action.tool, action.args ?? {});
    }
    return { reply: step.say };
  }
}

/** Observing after a proposal of its own: the user has not said yes (an entry that writes waits). */
function awaitsAnswer({ session, transcript, tools }: AgentTurnInput): boolean {
  if (session.phase !== 'observe' || !tools.some((t) => t.name === WAIT)) return false;
  return transcript.some((e) => e.kind === 'tool' && e.name === PROPOSE && e.outcome.ok);
}

/**
 * How many of the turns before `turn` the script held: a turn whose only call was `wait` where
 * its entry began with another call.
 */
function heldIn(
  steps: readonly ReferenceStep[],
  transcript: readonly TranscriptEntry[],
  turn: number,
): number {
  let held = 0;
  for (let t = 1; t < turn; t++) {
    const calls = transcript.flatMap((e) => (e.kind === 'tool' && e.turn === t ? [e.name] : []));
    const planned = (steps[t - 1 - held]?.actions ?? []).map((a) => a.tool);
    // A played entry's first call is its first action: a lone wait in place of another was a hold.
    if (calls.length === 1 && calls[0] === WAIT && planned[0] !== WAIT) held++;
  }
  return held;
}
