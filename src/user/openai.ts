/**
 * The `openai` user simulator: writes the next user message in the persona's style for
 * exactly the intents the judge handed over. It never sees the other hidden intents, and
 * a cheap leak check flags a message that reveals one anyway (`leak_warning`).
 */
import type {
  PhoneChoice,
  PhoneTurnInput,
  ProposalAnswer,
  ProposalAnswerInput,
  UserBackend,
  UserReply,
  UserTurnInput,
} from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { RoleClient } from '../llm/client.ts';
import { findLeaks } from '../llm/leak.ts';
import { modelAnswer, modelPhoneAct } from './openai-phone.ts';
import { userSystemPrompt, userTurnPrompt } from '../llm/prompts.ts';
import { renderTranscript } from '../llm/render.ts';

export class OpenAIUser implements UserBackend {
  readonly info: BackendInfo;
  readonly picksIntents = false;

  constructor(private readonly client: RoleClient) {
    this.info = client.info;
  }

  async nextMessage(input: UserTurnInput): Promise<UserReply> {
    const conversation = renderTranscript(input.transcript, { audience: 'user', perMessage: 3000 });
    const answer = await this.client.chat(
      {
        messages: [
          { role: 'system', content: userSystemPrompt(input.persona) },
          {
            role: 'user',
            content: userTurnPrompt(conversation, input.handoff.intents, input.handoff.reason),
          },
        ],
      },
      { turn: input.turn, emit: input.emit, signal: input.signal },
    );
    const text = tidy(answer.content);
    if (!text)
      throw new Error(`the user simulator (${this.client.model}) returned an empty message`);
    const said = input.transcript.map((e) => ('text' in e ? e.text : '')).join('\n');
    const leak = findLeaks(text, input.open, input.handoff.intents, said);
    if (leak.intents.length)
      input.emit({
        type: 'leak_warning',
        turn: input.turn,
        intents: leak.intents,
        terms: leak.terms,
      });
    // What it stated beyond the handed intents counts as told (read as a person's words are).
    return { text, reveals: (await input.readStated?.(text)) ?? [] };
  }

  /** Proposal scenarios: one move on the phone, chosen among the screen's actions (openai-phone.ts). */
  phoneAct(input: PhoneTurnInput): Promise<PhoneChoice> {
    return modelPhoneAct(this.client, input);
  }

  answerProposal(input: ProposalAnswerInput): Promise<ProposalAnswer> {
    return modelAnswer(this.client, input);
  }
}

/** Models like to wrap role-play lines in quotes or prefix a name. */
function tidy(raw: string): string {
  let text = raw.trim().replace(/^(?:user|me|you)\s*:\s*/i, '');
  if (text.length > 1 && /^["“]/.test(text) && /["”]$/.test(text)) text = text.slice(1, -1).trim();
  return text;
}
