/**
 * The composition root: the backend factory (backend-factory.ts) and the list of paradigms
 * (src/contracts/paradigm.ts), installed into the core when this module loads: the command
 * line's entry imports it first, and so does every test (test/setup.ts). Order matters twice: scenario keys merge into the schema in this order, and
 * of the paradigms that play a scenario the last one runs it (proposal scenarios use the time
 * keys, so proposals comes after time; chat plays anything, so it comes first).
 */
import type { Paradigm } from '../contracts/paradigm.ts';
import { proposalParadigm } from '../proposals/paradigm.ts';
import { installParadigms } from '../scenario/paradigms.ts';
import { timeParadigm } from '../time/paradigm.ts';
import { installBackendMaker } from '../session/backend-maker.ts';
import { chatParadigm } from './chat.ts';
import { makeBackends } from './backend-factory.ts';

export const PARADIGMS: readonly Paradigm[] = [chatParadigm, timeParadigm, proposalParadigm];

installParadigms(PARADIGMS);
// Every backend (script, rules, human, openai, acp) is known here only: the engine asks for them.
installBackendMaker(makeBackends);
