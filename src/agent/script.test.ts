import { describe, expect, it } from 'vitest';
import type { AgentTurnInput, TranscriptEntry } from '../contracts/backends.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import { ScriptAgent } from './script.ts';

const steps = [
  { say: '', actions: [{ tool: 'propose', args: { summary: 'Add soap?' } }] },
  { say: 'Added.', actions: [{ tool: 'todoist__create_task', args: { title: 'Soap' } }] },
  { say: 'Done for now.' },
];
const scenario = { id: 'p/soap', references: { proactive: steps } } as unknown as LoadedScenario;
const ok = { ok: true as const, result: {} };
const tool = (turn: number, name: string): TranscriptEntry => ({
  kind: 'tool',
  turn,
  callId: `c${turn}${name}`,
  name,
  args: {},
  outcome: ok,
});

/** One turn of the agent: the calls it made and its reply. */
async function play(
  agent: ScriptAgent,
  turn: number,
  phase: 'observe' | 'execute',
  transcript: TranscriptEntry[],
) {
  const calls: string[] = [];
  const observing = ['propose', 'wait', 'todoist__login'];
  const names = phase === 'observe' ? observing : ['todoist__login', 'todoist__create_task'];
  const input = {
    turn,
    session: { phase },
    transcript,
    tools: names.map((name) => ({ name })),
    callTool: async (name: string) => {
      calls.push(name);
      return ok;
    },
    turnOver: () => false,
  } as unknown as AgentTurnInput;
  const { reply } = await agent.runTurn(input);
  return { calls, reply };
}

describe('the script agent in a proposal scenario', () => {
  it('holds an entry that writes while its proposal waits, then plays it once accepted', async () => {
    const agent = new ScriptAgent(scenario);
    expect(await play(agent, 1, 'observe', [])).toEqual({ calls: ['propose'], reply: '' });
    const proposed = [tool(1, 'propose')];
    expect(await play(agent, 2, 'observe', proposed)).toEqual({ calls: ['wait'], reply: '' });
    expect(await play(agent, 3, 'execute', [...proposed, tool(2, 'wait')])).toEqual({
      calls: ['todoist__create_task'],
      reply: 'Added.',
    });
  });

  it('a fresh agent taking over (a fork) reads the turns its parent held from the transcript', async () => {
    const before = [tool(1, 'propose'), tool(2, 'wait'), tool(3, 'todoist__create_task')];
    expect(await play(new ScriptAgent(scenario), 4, 'observe', before)).toEqual({
      calls: [],
      reply: 'Done for now.',
    });
  });

  it('plays an entry that writes before any proposal (the engine refuses it)', async () => {
    const writer = { id: 'p/w', references: { eager: [steps[1]] } } as unknown as LoadedScenario;
    const { calls } = await play(new ScriptAgent(writer), 1, 'observe', []);
    expect(calls).toEqual(['todoist__create_task']);
  });
});
