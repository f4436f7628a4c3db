/**
 * Every prompt the three model roles see, in one place so they can be read and tuned
 * together. The agent's prompt never mentions hidden intents or the checklist.
 */
import type { LoadedPersona } from '../scenario/library.ts';
import type { ChecklistItemSpec, IntentSpec } from '../scenario/schema.ts';
import type { AgentTurnInput, HandoffReason } from '../contracts/backends.ts';
import type { ToolSpec } from '../tools/registry.ts';

// ---- Agent ------------------------------------------------------------------------------

export function agentSystemPrompt(
  session: AgentTurnInput['session'],
  tools: readonly ToolSpec[],
): string {
  const names = tools.map((t) => t.name);
  const memoryTools = names.filter((n) => /memory/.test(n));
  const otherTools = names.filter((n) => !/memory/.test(n));
  const lines = [
    'You are a proactive personal assistant working for one user.',
    `Today is ${session.date}.`,
    '',
    "You act through tools. The user's workspace is a folder of files that persists between conversations;",
    `workspace and app tools: ${otherTools.join(', ') || '(none)'}.`,
    memoryTools.length
      ? `Your long-term memory is a set of named notes that persists across sessions: ${memoryTools.join(', ')}.`
      : 'You have no long-term memory tools in this session.',
    '',
    'How to work:',
    '- Look at the relevant files (and memory) before answering, and use what you find.',
    '- When the request leaves out something that matters and you cannot infer it, ask one short, specific question.',
    '- When you learn a lasting preference or fact about the user, save it to memory so later sessions can use it.',
    '- Write deliverables (plans, lists, drafts) to files when that is what the user would want.',
    '- Keep replies concise. Tool arguments must be valid JSON objects.',
  ];
  if (session.phase) lines.push(...proposalInstructions(session.now));
  else if (session.now) lines.push(...timeInstructions(session.now, names));
  if (session.index > 0) {
    lines.push(
      '',
      'This is a later session with the same user. What you remembered from earlier sessions:',
    );
    lines.push(
      session.memory.trim()
        ? `<memory>\n${session.memory.trim()}\n</memory>`
        : '(your memory is empty)',
    );
  }
  return lines.join('\n');
}

/** The part of the agent's prompt for scenarios on a simulated clock. */
function timeInstructions(now: string, tools: readonly string[]): string[] {
  const lines = [
    '',
    `Time passes in this conversation. It is now ${now}; every message tells you its time.`,
    "The user's need may outlive the conversation: the world changes while the user waits.",
  ];
  if (tools.includes('set_reminder'))
    lines.push(
      'To keep watch, set a reminder (set_reminder with a time, a condition in words, or both): a condition reminder wakes you on every change until you cancel it; a time reminder wakes you once.',
    );
  lines.push(
    'When a monitor observation wakes you, decide: if the change meets what the user needs, follow up with a short message to the user;',
    'if it does not, keep silent: reply with an empty message (or call keep_silent). Do not bother the user with updates that do not fit.',
  );
  if (tools.includes('set_task_status'))
    lines.push(
      'Record the state of the task with set_task_status (in_progress, completed or failed) when it changes.',
    );
  return lines;
}

/**
 * The part of the agent's prompt for proposal scenarios: PARE's observe / execute split. The
 * prompt is written once per session, so it states both phases; the tools offered in a turn
 * and the user's accept message tell the agent which one it is in.
 */
function proposalInstructions(now: string | undefined): string[] {
  return [
    '',
    `The user is busy on their phone${now ? ` (it started at ${now})` : ''}. Each message is an observation: what the user just did, and the notifications that arrived.`,
    'While you observe, you may read with the tools you are offered, but you cannot change anything.',
    'If you see a concrete way to help with what the user needs, call propose with a one-sentence summary of what you would do; the user accepts or rejects it.',
    'Otherwise call wait. Propose only what the observations show the user needs: an unwanted proposal interrupts them. At most one proposal per turn.',
    'When the user accepts, their message says so and you get the tools that change things: carry the proposal out completely, then confirm in one short sentence.',
  ];
}

// ---- Judge ------------------------------------------------------------------------------

export function listIntents(intents: readonly IntentSpec[]): string {
  return intents.map((i) => `- ${i.id}: ${i.text}`).join('\n');
}

export const TURN_JUDGE_SYSTEM = [
  'You judge one turn of a conversation between a user and an AI assistant, for an evaluation of proactive assistants.',
  "The user has hidden intents the assistant was not told. You see the open ones, the conversation, and the assistant's latest turn:",
  'its reply, the tools it called, and the files it created or changed in this turn.',
  '',
  'For EACH open intent decide one status:',
  '- "completed": this turn\'s reply, tool calls or changed files satisfy the intent. Give the evidence: a short quote from the reply or a file, or the tool call.',
  '- "targeted": not completed, but the reply asks the user a clarification question that specifically targets this intent. Give the question, quoted.',
  '  A generic question ("anything else you would like?") targets nothing.',
  '- "neither": otherwise.',
  'Judge only this turn. Be strict: partial or vague mentions do not complete an intent.',
  '',
  'Answer with one JSON object and nothing else:',
  '{"intents": [{"id": "<intent id>", "status": "completed" | "targeted" | "neither", "evidence": "<for completed>", "question": "<for targeted>"}]}',
  'with exactly one entry per open intent.',
].join('\n');

export const PICK_JUDGE_SYSTEM = [
  'You help simulate a user talking to an AI assistant. The user has hidden intents not yet shared.',
  'Pick the ONE open intent that the user would most naturally bring up next, given the current stage of the task in the conversation.',
  'Answer with one JSON object and nothing else: {"intent": "<intent id>", "reason": "<one line>"}',
].join('\n');

export const REFUSAL_JUDGE_SYSTEM = [
  'You read one message a user wrote to an AI assistant that has been watching something for them (a price, a listing, a slot).',
  'Decide whether the message REFUSES the task: the user expresses refusal or disappointment with what the assistant offered, asks to cancel or stop, or gives up on the assistant (will do it themselves, no longer wants it).',
  'It is NOT a refusal when the user thanks, asks a question, adds or changes a constraint, or shifts to a new or different request (even if it starts with "no"): the task goes on then.',
  'Answer with one JSON object and nothing else: {"refusal": true | false, "reason": "<one line, quoting the words that decide>"}',
].join('\n');

export const RUBRIC_JUDGE_SYSTEM = [
  'You grade a finished session between a user and an AI assistant against a checklist.',
  "You see the user's hidden intents, the full trace (messages, tool calls and results) and the final workspace files.",
  'For each checklist item answer strictly YES (the trace clearly shows it is met) or NO (it is not, or it is unclear), with a one-line reason.',
  'Answer with one JSON object and nothing else:',
  '{"items": [{"id": "<item id>", "verdict": "YES" | "NO", "reason": "<one line>"}]}',
  'with exactly one entry per checklist item.',
].join('\n');

export function listChecklist(items: readonly ChecklistItemSpec[]): string {
  return items.map((c) => `- ${c.id}: ${c.text}`).join('\n');
}

/** The follow-up when the JSON did not pass the schema. */
export function correctionPrompt(problems: readonly string[]): string {
  return `Your answer was not valid:\n${problems.map((p) => `- ${p}`).join('\n')}\nReply again with only the corrected JSON object.`;
}

// ---- User simulator ---------------------------------------------------------------------

export function userSystemPrompt(persona: LoadedPersona | undefined): string {
  const lines = [
    'You play a user who is talking to an AI assistant. Stay in character; never say you are simulating.',
  ];
  if (persona) {
    lines.push(
      `You are ${persona.name}, ${persona.role}.`,
      `About you:\n${persona.profile.trim()}`,
    );
    const facts = Object.entries(persona.facts ?? {});
    if (facts.length)
      lines.push(
        `Facts you know about yourself:\n${facts.map(([k, v]) => `- ${k}: ${v}`).join('\n')}`,
      );
    if (persona.style) lines.push(`How you write: ${persona.style}`);
  }
  lines.push(
    '',
    'Write only the next message you send to the assistant: no quotes around it, no stage directions, no name prefix.',
    'Say only what you are told to convey in it. Do not volunteer any other preference, constraint or fact, even ones you know.',
  );
  return lines.join('\n');
}

/** How the user is told to bring up the points the handoff reveals, by its reason (default: naturally). */
const HOW_TO_REVEAL: Partial<Record<HandoffReason, string>> = {
  question: 'The assistant just asked about this. Answer its question with exactly these points:',
  shift:
    'Time has passed and the assistant just followed up with news. Your plans have changed since you first asked: tell the assistant exactly these new points, in your own voice, as a change of mind:',
};

export function userTurnPrompt(
  conversation: string,
  intents: readonly IntentSpec[],
  reason: HandoffReason,
): string {
  const head = `The conversation so far:\n${conversation}\n`;
  if (reason === 'thanks')
    return `${head}\nThe assistant's news meets everything you asked for. Thank the assistant and say plainly that your need is met; add nothing else.`;
  if (reason === 'refuse')
    return `${head}\nThe assistant's news came, but you no longer want this: say you are disappointed and cancel the task, briefly; add nothing else.`;
  if (!intents.length)
    return `${head}\nWrite a short reply that adds no new information (for example, acknowledge the answer or ask the assistant to go on).`;
  const points = intents.map((i) => `- ${i.reveal ?? i.text}`).join('\n');
  const how =
    HOW_TO_REVEAL[reason] ??
    'Now bring up exactly these points, naturally, as the next thing you tell the assistant:';
  return `${head}\n${how}\n${points}\nKeep it short and in your own voice.`;
}

/** The user of a proposal scenario: on the phone, with goals of their own (they are not secret to themselves). */
export function phoneUserSystemPrompt(
  persona: LoadedPersona | undefined,
  goals: readonly IntentSpec[],
): string {
  const lines = [
    'You play a person busy on their phone. An AI assistant watches what you do and may propose to help; it acts only if you accept. Stay in character.',
  ];
  if (persona)
    lines.push(
      `You are ${persona.name}, ${persona.role}.`,
      `About you:\n${persona.profile.trim()}`,
    );
  if (goals.length)
    lines.push(
      `What you want done (you would welcome help with it):\n${goals.map((g) => `- ${g.text}`).join('\n')}`,
    );
  lines.push(
    '',
    'Use the phone as a person would: one action at a time, only actions the current screen offers.',
  );
  return lines.join('\n');
}

export function phoneTurnPrompt(
  screen: readonly string[],
  notifications: readonly string[],
): string {
  return `Your screen:\n${screen.join('\n')}\n${notifications.length ? `\nNew notifications:\n${notifications.map((n) => `- ${n}`).join('\n')}\n` : ''}\nWhat do you do now? Call exactly one tool: an action of this screen, wait, or say_to_assistant.`;
}

export function phoneAnswerPrompt(
  summary: string,
  screen: readonly string[],
  mayGather: boolean,
): string {
  const look = mayGather
    ? ' If you need to see more before deciding, use one of the screen’s actions instead (you decide later).'
    : '';
  return `Your assistant proposes: "${summary}"\n\nYour screen:\n${screen.join('\n')}\n\nAccept it only if it helps with what you want done; call accept or reject with a short reason.${look}`;
}
