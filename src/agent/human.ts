/** The `human` agent: a person writes the replies and calls tools through the UI. */
import type { AgentBackend, AgentTurnInput } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { InputQueue, HumanAgentAction } from '../session/input-queue.ts';

export class HumanAgent implements AgentBackend {
  readonly info: BackendInfo = { kind: 'human' };
  constructor(private readonly input: InputQueue<HumanAgentAction>) {}

  async runTurn({
    turn,
    callTool,
    turnOver,
    emit,
    signal,
  }: AgentTurnInput): Promise<{ reply: string }> {
    for (;;) {
      emit({ type: 'awaiting_input', turn, role: 'agent' });
      const action = await this.input.next(signal);
      if (action.kind === 'reply') return { reply: action.text };
      await callTool(action.name, action.args);
      // /propose and /wait end an observe turn.
      if (turnOver()) return { reply: '' };
    }
  }
}
