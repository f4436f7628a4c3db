/**
 * Which turn protocol a scenario plays: the protocol of the installed paradigm that plays it
 * (src/scenario/paradigms.ts; the composition root, src/paradigms/index.ts, lists them).
 */
import { paradigmPlaying } from '../scenario/paradigms.ts';
import type { SessionCore, SessionProtocol } from './protocol.ts';

export function protocolFor(core: SessionCore): SessionProtocol {
  return paradigmPlaying(core.scenario).protocol(core);
}
