/**
 * The backends the home screen offers for the picked entry (its script references, `openai` for
 * a role with a model, the config file's acp agents) and those chosen; a, u and J cycle them.
 */
import { useState } from 'react';
import type { HomeData } from '../../home-data.ts';
import type { Item } from './details.ts';
import type { HomeMemory } from './modes.ts';

type Backends = { agent: string; user: string; judge: string };

function cycle(list: readonly string[], current: string): string {
  return list[(list.indexOf(current) + 1) % list.length] ?? current;
}

export function useHomeBackends(
  data: HomeData,
  selected: Item | undefined,
  remembered: HomeMemory | undefined,
) {
  const refs = selected?.kind === 'entry' ? selected.entry.references : [];
  const agentOptions = [
    'script',
    ...refs.map((r) => `script:${r}`),
    ...(data.models.agent.configured ? ['openai'] : []),
    ...data.acpAgents.map((a) => a.spec),
  ];
  const userOptions = ['rules', ...(data.models.user.configured ? ['openai'] : [])];
  const judgeOptions = ['rules', ...(data.models.judge.configured ? ['openai'] : [])];
  const [chosen, setChosen] = useState<Backends>(
    () =>
      remembered?.backends ?? {
        agent: data.models.agent.configured ? 'openai' : 'script',
        user: data.models.user.configured ? 'openai' : 'rules',
        judge: data.models.judge.configured ? 'openai' : 'rules',
      },
  );
  // An agent the picked entry does not offer (another scenario's script reference) is `script`.
  const agent = agentOptions.includes(chosen.agent) ? chosen.agent : 'script';
  return {
    /** As chosen, kept for coming back to home. */
    chosen,
    /** What a start runs. */
    picked: { ...chosen, agent },
    cycleAgent: () => setChosen((b) => ({ ...b, agent: cycle(agentOptions, agent) })),
    cycleUser: () => setChosen((b) => ({ ...b, user: cycle(userOptions, b.user) })),
    cycleJudge: () => setChosen((b) => ({ ...b, judge: cycle(judgeOptions, b.judge) })),
  };
}
