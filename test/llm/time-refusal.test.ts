/**
 * A refusal written freely by a model user in a time scenario (docs/time.md, "Refusals"): read
 * by the offline rules with the rules judge, by the judge when it is a model (its reading wins),
 * and by the rules again when the judge cannot answer. Real engine, SDK and local server.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from '../helpers/openai-server.ts';
import { makeLibrary, TICKET_WATCH as WATCH } from '../helpers/library.ts';
import { useTestServer } from './server-hooks.ts';
import { MODELS, runWith, serverConfig } from './support.ts';

const server = useTestServer();

type Msg = { role: string; content?: string | null };

/** The agent: watches, follows up on the drop, and answers the user's last word with `final`. */
function agentTurns(final: 'failed' | 'completed'): ScriptedReply[] {
  const call = (name: string, args: Record<string, unknown>) => ({
    toolCalls: [{ name, arguments: args }],
  });
  return [
    call('set_reminder', { condition: 'a 12 June ticket under 300', note: 'check the price' }),
    call('set_task_status', { status: 'in_progress' }),
    { content: 'I will watch the tickets for you.' },
    { content: 'T1 is 280, under your 300.' },
    call('set_task_status', { status: final }),
    { content: final === 'failed' ? 'Understood, I have stopped.' : 'Glad it helped.' },
  ];
}

/**
 * Every role on the one server: the agent from its queue, the user model says `userSays`, the
 * judge completes I1 on a set_reminder and reads the user's message with `refusal`.
 */
function models(agent: ScriptedReply[], userSays: string, refusal: () => ScriptedReply) {
  return (req: RecordedRequest): ScriptedReply => {
    const messages = req.body.messages as Msg[];
    if (req.body.model === MODELS.user) return { content: userSays };
    if (req.body.model === MODELS.agent) return agent.shift() ?? { content: 'Done.' };
    if (messages[0]!.content!.includes('REFUSES the task')) return refusal();
    const prompt = messages.at(-1)!.content!;
    const open = [...prompt.matchAll(/^- (I\d+): /gm)].map((m) => m[1]!);
    const reminded = prompt.includes('set_reminder(');
    return {
      content: JSON.stringify({
        intents: open.map((id) =>
          reminded
            ? { id, status: 'completed', evidence: 'set_reminder' }
            : { id, status: 'neither' },
        ),
      }),
    };
  };
}

async function play(
  judge: 'rules' | 'openai',
  userSays: string,
  final: 'failed' | 'completed',
  refusal: () => ScriptedReply = () => ({ content: '{}' }),
) {
  server.respond(models(agentTurns(final), userSays, refusal));
  const root = makeLibrary({ 'scenarios/p/tickets.yaml': WATCH });
  const run = await runWith(
    path.join(root, 'scenarios/p/tickets.yaml'),
    { agent: 'openai', user: 'openai', judge },
    serverConfig(server),
  );
  const users = run.of('message').filter((m) => m.role === 'user');
  return { run, said: users.at(-1)!.text, r: run.results[0]!, notices: run.of('notice') };
}

const judgeSays = (refusal: boolean, reason: string) => () => ({
  content: JSON.stringify({ refusal, reason }),
});

describe('a refusal in free words', () => {
  it('is read by the offline rules: the task should end failed, and an agent that fails it finishes properly', async () => {
    const { said, r, notices } = await play(
      'rules',
      "No thanks, I don't want that anymore.",
      'failed',
    );
    expect(said).toBe("No thanks, I don't want that anymore.");
    expect(notices.map((n) => n.text)).toContainEqual(
      expect.stringContaining('the user refused the task (read by the offline rules: "no thanks")'),
    );
    expect(r.end).toBe('resolved');
    expect(r.scores.time).toMatchObject({
      completed: true,
      ending: 'finished_properly',
      status_errors: [],
    });
  });

  it('its notice comes right after the user message it was read in, and turns the expected status to failed', async () => {
    const { run } = await play('rules', "No thanks, I don't want that anymore.", 'failed');
    const said = run.events.findIndex(
      (e) => e.type === 'message' && e.role === 'user' && e.text.startsWith('No thanks'),
    );
    const notice = run.events.findIndex(
      (e) => e.type === 'notice' && e.text.startsWith('the user refused'),
    );
    expect(said).toBeGreaterThan(-1);
    expect(notice).toBe(said + 1);
    expect(run.events[notice]).toMatchObject({ expectStatus: 'failed' });
  });

  it('an agent that completes the task after the refusal has the wrong status', async () => {
    const { r } = await play('rules', 'Forget it, I will sort it out on my own.', 'completed');
    expect(r.scores.time).toMatchObject({
      completed: false,
      ending: 'not_completed_after_thanks',
      status_errors: [{ turn: 3, expected: 'failed', got: 'completed' }],
    });
  });

  it('with a model judge, the judge reads it, catching what the rules miss', async () => {
    const words = "Honestly this isn't going to work for me. Let's leave things be.";
    const { r, notices } = await play(
      'openai',
      words,
      'failed',
      judgeSays(true, '"leave things be"'),
    );
    const asked = server.requests.find((q) =>
      JSON.stringify(q.body.messages).includes('REFUSES the task'),
    )!;
    expect(JSON.stringify(asked.body.messages)).toContain(JSON.stringify(words).slice(1, -1));
    expect(notices.map((n) => n.text)).toContainEqual(
      expect.stringContaining('read by the judge: "leave things be"'),
    );
    expect(r.scores.time).toMatchObject({ completed: true, status_errors: [] });
  });

  it('with a model judge, the judge’s reading wins over the rules’', async () => {
    const { r, notices } = await play(
      'openai',
      'No thanks needed, that is perfect!',
      'completed',
      judgeSays(false, 'the user is happy'),
    );
    expect(notices.some((n) => n.text.includes('refused'))).toBe(false);
    expect(r.scores.time).toMatchObject({ completed: true, ending: 'finished_properly' });
  });

  it('when the judge cannot answer, the rules’ reading stands and the judge error is recorded', async () => {
    const { run, r, notices } = await play('openai', 'Forget it.', 'failed', () => ({
      content: 'not json',
    }));
    expect(run.of('judge_error').map((e) => e.message)).toContainEqual(
      expect.stringContaining("the offline rules' reading stands"),
    );
    expect(notices.map((n) => n.text)).toContainEqual(
      expect.stringContaining('read by the offline rules: "forget it"'),
    );
    expect(r.scores.time).toMatchObject({ completed: true, status_errors: [] });
  });
});
