/**
 * The `openai` user of a proposal scenario (PARE's user simulator): busy on the phone, it moves
 * screen by screen by choosing one of the current screen's actions (each offered as a tool whose
 * parameters are the form's fields), or waits, or writes to the assistant; and it accepts or
 * rejects the assistant's proposals, with a reason, by its own goals.
 */
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ScreenView } from '../apps/screens/spec.ts';
import { screenText } from '../apps/screens/spec.ts';
import type {
  PhoneChoice,
  PhoneTurnInput,
  ProposalAnswer,
  ProposalAnswerInput,
} from '../contracts/backends.ts';
import type { RoleClient } from '../llm/client.ts';
import { phoneAnswerPrompt, phoneTurnPrompt, phoneUserSystemPrompt } from '../llm/prompts.ts';

const WAIT = 'wait';
const SAY = 'say_to_assistant';

/** The screen's actions as tools: a field is a string (the phone turns it into what the app wants). */
export function screenTools(view: ScreenView): ChatCompletionTool[] {
  const actions = view.actions.map((a): ChatCompletionTool => ({
    type: 'function',
    function: {
      name: a.name,
      description: a.label,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(a.fields.map((f) => [f.name, { type: 'string' }])),
        required: a.fields.filter((f) => f.required).map((f) => f.name),
      },
    },
  }));
  return [
    ...actions,
    {
      type: 'function',
      function: {
        name: WAIT,
        description: 'do nothing on the phone this moment',
        parameters: { type: 'object', properties: {} },
      },
    },
    {
      type: 'function',
      function: {
        name: SAY,
        description: 'write a message to your assistant',
        parameters: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
        },
      },
    },
  ];
}

export async function modelPhoneAct(
  client: RoleClient,
  input: PhoneTurnInput,
): Promise<PhoneChoice> {
  const answer = await client.chat(
    {
      messages: [
        { role: 'system', content: phoneUserSystemPrompt(input.persona, input.open) },
        { role: 'user', content: phoneTurnPrompt(screenText(input.view), input.notifications) },
      ],
      tools: screenTools(input.view),
    },
    { turn: input.turn, emit: input.emit, signal: input.signal },
  );
  const call = answer.toolCalls[0];
  // No tool call is a moment without a move; a model's wrong move is the phone's to refuse.
  return call ? choiceOf(call.name, parseArgs(call.arguments), input.view) : { kind: 'wait' };
}

/** A tool the model called, as the user's move on the phone. */
function choiceOf(name: string, args: Record<string, unknown>, view: ScreenView): PhoneChoice {
  if (name === WAIT) return { kind: 'wait' };
  if (name === SAY)
    return typeof args.text === 'string' && args.text.trim()
      ? { kind: 'say', text: args.text.trim() }
      : { kind: 'wait' };
  if (name === 'open_app') return { kind: 'screen', action: 'open_app', args };
  return {
    kind: 'screen',
    app: view.app || undefined,
    action: name,
    ...(Object.keys(args).length ? { args } : {}),
  };
}

export async function modelAnswer(
  client: RoleClient,
  input: ProposalAnswerInput,
): Promise<ProposalAnswer> {
  const verdicts = (['accept', 'reject'] as const).map((name): ChatCompletionTool => ({
    type: 'function',
    function: {
      name,
      description: `${name} the proposal`,
      parameters: {
        type: 'object',
        properties: { reason: { type: 'string' } },
        required: ['reason'],
      },
    },
  }));
  // While it may, the user can look into the proposal first: the screen's actions are offered too.
  const looks = input.mayGather
    ? screenTools(input.view).filter((t) => t.type === 'function' && t.function.name !== SAY)
    : [];
  const answer = await client.chat(
    {
      messages: [
        { role: 'system', content: phoneUserSystemPrompt(input.persona, input.open) },
        {
          role: 'user',
          content: phoneAnswerPrompt(
            input.proposal.summary,
            screenText(input.view),
            input.mayGather,
          ),
        },
      ],
      tools: [...verdicts, ...looks],
    },
    { turn: input.turn, emit: input.emit, signal: input.signal },
  );
  const call = answer.toolCalls.find((c) => c.name === 'accept' || c.name === 'reject');
  if (!call) {
    const look = input.mayGather ? answer.toolCalls[0] : undefined;
    if (look) return { gather: choiceOf(look.name, parseArgs(look.arguments), input.view) };
    throw new Error(
      `the user simulator (${client.model}) neither accepted nor rejected proposal ${input.proposal.id}`,
    );
  }
  const reason = parseArgs(call.arguments).reason;
  return {
    accept: call.name === 'accept',
    reason:
      typeof reason === 'string' && reason.trim() ? reason.trim() : `the user ${call.name}ed it`,
  };
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
