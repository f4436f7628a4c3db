/**
 * The user's next message, asked of the user backend for the intents handed over. Apart from
 * the engine because its statuses are subtle: a person may take the user over after the judge
 * picked what the simulated user would tell, and then their own words decide what is told.
 */
import type { HandoffReason } from '../contracts/backends.ts';
import type { IntentSpec } from '../scenario/schema.ts';
import { readStatedBy } from '../judge/stated.ts';
import type { SessionCore } from './protocol.ts';
import type { IntentStatuses } from './intent-statuses.ts';

export async function askUser(
  core: SessionCore,
  statuses: IntentStatuses,
  handed: IntentSpec[],
  reason: HandoffReason,
): Promise<{ text: string; reveals: string[]; withdrawn: string[] }> {
  const { backends } = core;
  // How each intent was told, for its status: the user's words as read, else the reveal key.
  const told = new Map<string, string>();
  const withdrawn: string[] = [];
  // Handed to a simulated user: what the judge picked, or an intention shift it tells at once.
  const forSimulated = !backends.user.picksIntents && (reason === 'picked' || reason === 'shift');
  const reply = await backends.user.nextMessage({
    turn: core.turn,
    persona: core.persona,
    scenario: core.scenario,
    handoff: { intents: handed, reason },
    open: core.open(),
    transcript: core.transcript,
    emit: (e) => core.emit(e),
    signal: core.signal,
    readStated: async (text) => {
      // A person took over after the intents were handed to the simulated user to tell (a pick,
      // or a time scenario's shift right after a follow-up): its statuses go, and the person's
      // words tell what they tell.
      if (forSimulated && backends.user.picksIntents)
        withdrawn.push(...handed.map((i) => i.id).filter((id) => statuses.withdraw(id)));
      const reading = await readStatedBy(backends.judge, {
        turn: core.turn,
        text,
        open: core.open(),
        emit: (e) => core.emit(e),
        signal: core.signal,
      });
      for (const id of reading.intents) told.set(id, reading.details[id]!);
      return reading.intents;
    },
  });
  const reveals = reply.reveals ?? [];
  for (const id of reveals)
    if (statuses.get(id) === 'open') {
      const detail = reply.told?.[id] ?? told.get(id) ?? 'revealed by the user';
      core.providedByNextMessage(id, 'reveal', detail);
    }
  return { text: reply.text, reveals, withdrawn };
}
