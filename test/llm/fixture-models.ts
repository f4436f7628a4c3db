/**
 * Plausible stand-ins for the three models on the fixture library (tester episode), for the
 * local server: an agent that asks first and then acts, a judge that looks for each intent's
 * sign in the turn, and a user that says exactly the points it was handed.
 */
import type { RecordedRequest, ScriptedReply } from '../helpers/openai-server.ts';
import { MODELS } from './support.ts';

type Msg = { role: string; content: string | null };

/** A plausible agent: asks first, then acts on what it is told. */
function agent(messages: Msg[]): ScriptedReply {
  const last = messages.at(-1)!;
  const firstUser = messages.find((m) => m.role === 'user')!.content!;
  if (last.role === 'tool')
    return {
      content: firstUser.includes('meal plan')
        ? 'plan.md is ready.'
        : 'Saved. Shoes under 600 RMB: three picks.',
    };
  if (firstUser.includes('meal plan'))
    return {
      toolCalls: [
        {
          name: 'write_file',
          arguments: {
            path: 'plan.md',
            content: '# Plan (58 kg, cutting)\nEach meal under 25 RMB\nSunday: batch cooking',
          },
        },
      ],
    };
  if (last.content!.includes('600'))
    return {
      toolCalls: [
        { name: 'write_memory', arguments: { key: 'gear', content: 'shoes under 600 RMB' } },
      ],
    };
  return { content: 'Which distance do you run?' };
}

/** What shows that each fixture intent was met. */
const SIGNS: Record<string, string> = {
  'Budget is 600 RMB.': '600 RMB',
  'Save the choice to memory for later sessions.': 'write_memory(',
  'Use the body profile (165 cm, 58 kg, cutting).': '58 kg',
  'Keep each meal under 25 RMB.': '25 RMB',
  'Include Sunday batch cooking.': 'batch cooking',
};

function judge(prompt: string): ScriptedReply {
  const open = [...prompt.matchAll(/^- (I\d+): (.*)$/gm)].map((m) => ({ id: m[1]!, text: m[2]! }));
  if (prompt.includes('Pick the ONE open intent'))
    return { content: JSON.stringify({ intent: open[0]!.id, reason: 'it comes first' }) };
  if (prompt.includes('message itself STATES')) {
    const message = prompt.slice(prompt.indexOf("The user's message:"));
    const sign = (text: string) => SIGNS[text.replace(/ \(a user might put it: .*$/, '')];
    const stated = open.filter(({ text }) => message.includes(sign(text) ?? '\u0000'));
    return { content: JSON.stringify({ stated: stated.map(({ id }) => ({ id, words: '' })) }) };
  }
  if (prompt.includes('grade a finished session')) {
    const items = [...prompt.matchAll(/^- (C\d+): /gm)].map((m) => ({
      id: m[1],
      verdict: 'YES',
      reason: 'shown in the trace',
    }));
    return { content: JSON.stringify({ items }) };
  }
  const turn = prompt.slice(prompt.indexOf("=== The assistant's turn"));
  const intents = open.map(({ id, text }) =>
    turn.includes(SIGNS[text] ?? '\u0000')
      ? { id, status: 'completed', evidence: SIGNS[text] }
      : { id, status: 'neither' },
  );
  return { content: JSON.stringify({ intents }) };
}

/** Answers as the agent, judge or user model of the fixture library, told apart by model name. */
export function fixtureModels(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages as Msg[];
  if (req.body.model === MODELS.agent) return agent(messages);
  if (req.body.model === MODELS.judge) return judge(messages.map((m) => m.content).join('\n'));
  // The user says the points it was handed.
  const points = [...messages.at(-1)!.content!.matchAll(/^- (.*)$/gm)].map((m) => m[1]);
  return { content: points.join(' ') || 'Go on.' };
}
