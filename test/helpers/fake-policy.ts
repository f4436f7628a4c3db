/**
 * The script the fake model server (fake-models.ts) answers with: what a careful agent would do
 * on the test scenarios of the compatibility matrix, read off the conversation it is sent. It
 * finds intentplay's tools under whatever name the agent gives them (`mcp__intentplay__list_dir`,
 * `intentplay_list_dir`, `list_dir`) and calls only tools it was offered. Scripted: never a
 * model's answer.
 */

export interface Conversation {
  /** The names of the tools offered, as the agent names them. */
  tools: string[];
  /** The text of the last user message that is not a tool result. */
  prompt: string;
  /** Every text of the conversation (system, user, assistant, tool results), joined. */
  all: string;
  /** Tool results since that message, in order. */
  results: { name: string; text: string }[];
  /** Tool namespaces of the request (Codex's `mcp__intentplay`), for answers that must name them. */
  namespaces?: string[];
  /** The client asked for JSON (Gemini CLI's side questions): the answer is a JSON object. */
  json?: boolean;
}

export interface Answer {
  text?: string;
  calls?: { name: string; args: Record<string, unknown> }[];
}

/** The agent's name for intentplay's tool `name`, if it was offered. */
export function toolName(c: Conversation, name: string): string | undefined {
  const ours = c.tools.filter((t) => t === name || t.endsWith(`_${name}`));
  return ours.find((t) => t.includes('intentplay')) ?? ours[0];
}

const call = (c: Conversation, name: string, args: Record<string, unknown> = {}): Answer => {
  const as = toolName(c, name);
  return as ? { calls: [{ name: as, args }] } : { text: `The tool ${name} is not offered to me.` };
};

const called = (c: Conversation, name: string) =>
  c.results.find((r) => r.name === name || r.name.endsWith(`_${name}`));

/** tester/notes: look at the workspace, write the budget, ask for the format. */
function notes(c: Conversation): Answer {
  if (!called(c, 'list_dir')) return call(c, 'list_dir', { path: '.' });
  if (!called(c, 'write_file'))
    return call(c, 'write_file', {
      path: 'notes.md',
      content: '# Notes\n\n- Gear budget: 600 RMB\n',
    });
  return {
    text: 'I looked at your notes and put the gear budget (600 RMB) into notes.md. Which format do you prefer for the summary?',
  };
}

/**
 * tester/watch: set a reminder on the need, then mark the task in progress (ChronosBench: a task
 * is `in_progress` once a reminder watches it, `pending` before); woken on a flat too dear, keep
 * silent.
 */
function watch(c: Conversation): Answer {
  if (c.prompt.includes('[monitor')) {
    const listing = called(c, 'query_listings');
    if (!listing) return call(c, 'query_listings', { query: 'Xuhui' });
    const rents = [...listing.text.matchAll(/"rent":\s*(\d+)/g)].map((m) => Number(m[1]));
    if (rents.some((r) => r < 9000))
      return { text: 'A flat in Xuhui under 9000 a month is listed now.' };
    if (!called(c, 'keep_silent')) return call(c, 'keep_silent');
    return { text: '' };
  }
  if (!called(c, 'set_reminder'))
    return call(c, 'set_reminder', {
      condition: 'a 2-bedroom flat in Xuhui under 9000 a month is listed',
      note: 'Check the new listing against the 9000 ceiling.',
    });
  if (!called(c, 'set_task_status')) return call(c, 'set_task_status', { status: 'in_progress' });
  return { text: 'I will watch the listings and tell you when a flat fits.' };
}

/** A proposal scenario (soap): wait, propose once soap is mentioned, and when accepted log in and add the task. */
function soap(c: Conversation): Answer {
  if (toolName(c, 'todoist__create_task') && c.prompt.includes('[execute]')) {
    const account = /todoist: username (\S+), password (\S+)/.exec(c.all);
    if (!account) return { text: 'I do not know the todoist account.' };
    const token = /todoist-access-token-\d+/.exec(c.results.map((r) => r.text).join('\n'))?.[0];
    if (!token) return call(c, 'todoist__login', { username: account[1]!, password: account[2]! });
    const projects = called(c, 'todoist__show_projects');
    if (!projects) return call(c, 'todoist__show_projects', { access_token: token });
    const created = called(c, 'todoist__create_task');
    if (!created) {
      // The result may come JSON in JSON (Gemini wraps it): quotes escaped.
      const list = projects.text.replaceAll('\\n', '\n').replaceAll('\\"', '"');
      const id =
        /"name":\s*"Shopping"[^}]*?"project_id":\s*(\d+)/.exec(list)?.[1] ??
        /"project_id":\s*(\d+),\s*"name":\s*"Shopping"/.exec(list)?.[1];
      if (!id) return { text: 'I cannot find your Shopping list.' };
      return call(c, 'todoist__create_task', {
        access_token: token,
        title: 'Hand soap',
        project_id: Number(id),
      });
    }
    if (!created.text.includes('task_id'))
      return { text: `I could not add the task: ${created.text.slice(0, 200)}` };
    return { text: 'Added hand soap to your Shopping list.' };
  }
  if (c.prompt.includes('[execute]'))
    return { text: 'I cannot carry it out: the todoist tools are not offered to me.' };
  if (called(c, 'propose') || called(c, 'wait')) return { text: '' };
  if (/soap/i.test(c.prompt) && !/"proposal"/.test(c.all))
    return call(c, 'propose', { summary: 'Add hand soap to your Shopping list?' });
  return call(c, 'wait');
}

export function carefulAgent(c: Conversation): Answer {
  // Gemini CLI asks side questions in JSON (who speaks next): the user, once the agent has answered.
  if (c.json)
    return { text: JSON.stringify({ reasoning: 'The turn is done.', next_speaker: 'user' }) };
  // Side requests without tools (a title for the session, a summary) get a short text.
  if (!c.tools.length) return { text: 'Notes on a scenario' };
  if (/\[observe\]|\[execute\]/.test(c.prompt)) return soap(c);
  if (/2-bedroom flat|\[monitor/.test(c.prompt)) return watch(c);
  if (/gear budget/.test(c.prompt) || called(c, 'list_dir')) return notes(c);
  return { text: 'Noted, thank you.' };
}
