/**
 * π-Bench's conversation as a paradigm: the engine's default turn protocol
 * (src/session/chat-protocol.ts, which the time protocol builds on), with no keys, tools or
 * checks of its own. It plays every scenario no later paradigm in the registry claims.
 */
import type { Paradigm } from '../contracts/paradigm.ts';
import { ChatProtocol } from '../session/chat-protocol.ts';

export const chatParadigm: Paradigm = {
  name: 'chat',
  plays: () => true,
  protocol: (core) => new ChatProtocol(core),
};
