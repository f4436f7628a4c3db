/** The openai user simulator through the real engine, SDK and local server (script agent, rules judge). */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './server-hooks.ts';
import { runWith, serverConfig } from './support.ts';

const server = useTestServer();

// The reactive script never mentions the budget, so the rules judge hands I1 to the user first.
const gear = () =>
  runWith('tester/gear.yaml', { agent: 'script:reactive', user: 'openai' }, serverConfig(server), {
    maxTurns: 3,
  });

describe('the simulated user', () => {
  it('writes the handed intent in the persona’s voice, and is never shown the other hidden intents', async () => {
    server.enqueue({ content: '"Under 600 RMB."' }, { content: 'Remember my pick.' });
    const run = await gear();
    const first = server.requests[0]!;
    expect(first.body.model).toBe('user-model');
    const [system, user] = first.body.messages as { content: string }[];
    expect(system!.content).toContain(
      'You are Tess Ter, QA engineer who writes meal plans for her team.',
    );
    expect(system!.content).toContain('How you write: terse; short imperative sentences');
    expect(system!.content).toContain('- body: 165 cm, 58 kg, cutting');
    expect(user!.content).toContain('- Keep it under 600 RMB.');
    expect(user!.content).toContain('ASSISTANT: Here are some running shoes.');
    expect(JSON.stringify(first.body)).not.toMatch(/Remember what I picked|Save the choice/);
    const userMessages = run.of('message').filter((m) => m.role === 'user' && m.turn > 1);
    expect(userMessages.map((m) => [m.text, m.intents])).toEqual([
      ['Under 600 RMB.', ['I1']],
      ['Remember my pick.', ['I2']],
    ]);
    expect(run.of('leak_warning')).toEqual([]);
    expect(run.of('usage').map((u) => u.role)).toEqual(['user', 'user']);
  });

  it('warns when a message gives away another open intent', async () => {
    server.enqueue({ content: 'Under 600 RMB. And remember what I picked.' }, { content: 'ok' });
    const run = await gear();
    expect(run.of('leak_warning')).toEqual([
      expect.objectContaining({ turn: 1, intents: ['I2'], terms: ['remember', 'picked'] }),
    ]);
  });

  it('ends the session with an error rather than sending an empty message', async () => {
    server.enqueue({ content: '   ' });
    const run = await gear();
    expect(run.results[0]).toMatchObject({
      end: 'error',
      message: 'the user simulator (user-model) returned an empty message',
    });
  });
});
