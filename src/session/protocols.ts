/**
 * Which turn protocol a scenario plays: proposals when it declares `proposals`, the time
 * protocol when it declares a clock or an environment, else π-Bench's conversation.
 */
import { ProposalProtocol } from '../proposals/protocol.ts';
import { TimeProtocol } from '../time/protocol.ts';
import { ChatProtocol } from './chat-protocol.ts';
import type { SessionCore, SessionProtocol } from './protocol.ts';

export function protocolFor(core: SessionCore): SessionProtocol {
  const s = core.scenario;
  if (s.proposals) return new ProposalProtocol(core);
  if (s.clock || s.environment || s.intents.some((i) => i.after)) return new TimeProtocol(core);
  return new ChatProtocol(core);
}
