/**
 * What the session screen's help (`?`) lists: the keymap's bindings for the scopes in play, less
 * the keys that do nothing here and now. While a person writes, letters type; a study
 * participant's screen adds the study's own keys and has no home, no status by hand.
 */
import type { Action, HelpFilter, Scope } from '../keymap.ts';

export interface SessionHelpContext {
  /** The scopes the screen's keys come from, in the order the help lists them. */
  scopes: readonly Scope[];
  /** A study participant plays. */
  participant: boolean;
  /** The input box shows: a person writes a message (every printable key types). */
  writing: boolean;
  running: boolean;
  /** `b` goes back to a home screen. */
  back: boolean;
  /** Statuses may be set by hand (ctrl+o). */
  overrides: boolean;
  /** A time or proposal scenario (ctrl+n lets time pass). */
  passesTime: boolean;
  /** The person plays the agent: there is no persona card for them (ctrl+p). */
  playsAgent?: boolean;
}

/** What a study participant reads instead of the playground's words (intents, statuses, grading are the researcher's). */
export const PARTICIPANT_WORDS: NonNullable<HelpFilter['words']> = {
  actions: {
    endSession: 'end this session (asks first)',
    reveal: 'put the selected goal into your message',
  },
  scopes: { intents: 'Your goals pane' },
};

export function sessionHelp(c: SessionHelpContext): { scopes: Scope[]; filter: HelpFilter } {
  const omit: Action[] = [
    ...(c.back ? [] : (['back'] as const)),
    ...(c.overrides ? [] : (['overrideMenu'] as const)),
    ...(c.passesTime ? [] : (['passTime'] as const)),
    ...(c.playsAgent ? (['personaCard'] as const) : []),
    // Rubric items are graded on demand only while the session runs; a reveal fills the input box.
    ...(c.running ? [] : (['gradeNow'] as const)),
    ...(c.writing ? [] : (['reveal'] as const)),
    // A participant stops the study (resumable), rather than quitting; enter goes on once the session is over.
    ...(c.participant ? (['quit'] as const) : []),
    ...(c.running ? (['goOn'] as const) : []),
  ];
  const scopes = [
    ...(c.participant ? (['study'] as const) : []),
    ...c.scopes.filter((s) => c.writing || (s !== 'input' && s !== 'agentInput')),
  ];
  return {
    scopes,
    filter: { omit, typing: c.writing, ...(c.participant ? { words: PARTICIPANT_WORDS } : {}) },
  };
}
