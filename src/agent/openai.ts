/**
 * The `openai` agent: a tool-calling loop over Chat Completions. The conversation,
 * tool calls and results included, lives here across the turns of a session. Tool calls
 * of one answer run one after another, in the order the model gave them; a failing tool
 * or arguments that are not JSON go back to the model as a tool error.
 */
import { errorMessage } from '../contracts/errors.ts';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { incomingText, type AgentBackend, type AgentTurnInput } from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { ToolOutcome, ToolSpec } from '../tools/registry.ts';
import type { RoleClient } from '../llm/client.ts';
import { agentSystemPrompt } from '../llm/prompts.ts';
import { clip, stringify } from '../llm/render.ts';
import { parseArguments, type ToolCallDraft } from '../llm/stream.ts';

/** What a tool result may cost in the context window. */
const MAX_TOOL_RESULT_CHARS = 20_000;

export class OpenAIAgent implements AgentBackend {
  readonly info: BackendInfo;
  private readonly messages: ChatCompletionMessageParam[] = [];
  /** Transcript entries already folded into `messages`. */
  private seen = 0;

  constructor(private readonly client: RoleClient) {
    this.info = client.info;
  }

  async runTurn(input: AgentTurnInput): Promise<{ reply: string }> {
    if (!this.messages.length)
      this.messages.push({
        role: 'system',
        content: agentSystemPrompt(input.session, input.tools),
      });
    this.absorb(input);
    const tools = input.tools.map(toOpenAITool);
    const texts: string[] = [];
    for (;;) {
      // The reply joins the texts of every round; the live text shows the same break between them.
      let separate = texts.length > 0;
      const answer = await this.client.chat(
        { messages: this.messages, tools, stream: true },
        {
          turn: input.turn,
          emit: input.emit,
          signal: input.signal,
          callbacks: {
            onText: (text) => {
              input.emit({
                type: 'agent_delta',
                turn: input.turn,
                text: separate ? `\n\n${text}` : text,
              });
              separate = false;
            },
            onToolArgs: (call, args) =>
              input.emit({
                type: 'tool_delta',
                turn: input.turn,
                callId: call.id,
                name: call.name,
                args,
              }),
          },
        },
      );
      if (answer.content.trim()) texts.push(answer.content.trim());
      if (!answer.toolCalls.length) {
        this.messages.push({ role: 'assistant', content: answer.content });
        break;
      }
      this.messages.push({
        role: 'assistant',
        content: answer.content || null,
        tool_calls: answer.toolCalls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      await this.runCalls(answer.toolCalls, input);
      // propose or wait ended the turn: the model's answer waits for the next observation.
      if (input.turnOver()) break;
    }
    return { reply: texts.join('\n\n') };
  }

  /** New user messages and events since the last turn (our own replies and tool calls are already here). */
  private absorb({ transcript }: AgentTurnInput): void {
    for (const entry of transcript.slice(this.seen)) {
      const content = incomingText(entry);
      if (content !== undefined) this.messages.push({ role: 'user', content });
    }
    this.seen = transcript.length;
  }

  private async runCalls(calls: readonly ToolCallDraft[], input: AgentTurnInput): Promise<void> {
    for (const [i, call] of calls.entries()) {
      if (input.turnOver()) {
        this.messages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: 'not run: your turn ended (propose or wait)',
        });
        continue;
      }
      const parsed = parseArguments(call.arguments);
      let outcome: ToolOutcome;
      try {
        // Unparseable arguments still go through the engine, so the failed call is recorded and counted.
        outcome = await input.callTool(
          call.name,
          parsed.ok ? parsed.value : call.arguments,
          call.id,
        );
      } catch (err) {
        // The step cap or a cancel: every call of this answer still needs a result, or the
        // conversation would be invalid on the next turn.
        for (const rest of calls.slice(i))
          this.messages.push({
            role: 'tool',
            tool_call_id: rest.id,
            content: `error: not run (${errorMessage(err)})`,
          });
        throw err;
      }
      const content = outcome.ok
        ? clip(stringify(outcome.result ?? 'ok'), MAX_TOOL_RESULT_CHARS)
        : `error: ${outcome.error}${parsed.ok ? '' : ` (the arguments were not valid JSON: ${parsed.error}; send a JSON object)`}`;
      this.messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
}

function toOpenAITool(spec: ToolSpec): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  };
}
