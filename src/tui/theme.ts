/**
 * Semantic colour tokens: components ask for "the colour of a completed intent" or "a
 * focused border", never for "green". With NO_COLOR set every colour is dropped and only
 * symbols, bold and inverse tell things apart, so each status keeps its own symbol.
 */
import { createContext, useContext } from 'react';
import type { IntentStatus, UpdateVerdict } from '../contracts/events.ts';
import type { CheckMarkKind, Mark, Theme } from '../contracts/styled.ts';
import { CHECK_SYMBOLS, INTENT_SYMBOLS } from '../session/marks.ts';
import { colorEnabled } from './color.ts';

export type { CheckMarkKind, Mark, Theme };

const INTENT_COLORS: Record<IntentStatus, string> = {
  open: 'gray',
  completed: 'green',
  inferred: 'cyan',
  provided: 'yellow',
  unresolved: 'red',
  pending: 'gray',
  superseded: 'gray',
};
const INTENT_MARKS = Object.fromEntries(
  Object.entries(INTENT_COLORS).map(([s, col]) => [s, [INTENT_SYMBOLS[s as IntentStatus], col]]),
) as Record<IntentStatus, [symbol: string, color: string]>;

const CHECK_MARKS: Record<CheckMarkKind, [symbol: string, color: string, label: string]> = {
  pass: [CHECK_SYMBOLS.pass, 'green', 'passed'],
  fail: [CHECK_SYMBOLS.fail, 'red', 'failed'],
  ungraded: [CHECK_SYMBOLS.ungraded, 'yellow', 'ungraded'],
  pending: [CHECK_SYMBOLS.pending, 'gray', 'not graded yet'],
};

const VERDICT_MARKS: Record<UpdateVerdict, [symbol: string, color: string, label: string]> = {
  hit: ['✔', 'green', 'follow-up hit'],
  kept: ['✔', 'green', 'silence kept'],
  false: ['✗', 'red', 'false follow-up'],
  missed: ['✗', 'red', 'missed'],
  unwatched: ['–', 'yellow', 'unwatched'],
};

export function createTheme(color = colorEnabled()): Theme {
  const c = (name: string): string | undefined => (color ? name : undefined);
  return {
    color,
    text: { primary: undefined, secondary: c('gray'), accent: c('cyan'), muted: c('gray') },
    border: { focused: c('cyan'), normal: c('gray') },
    role: { user: c('cyan'), agent: c('magenta'), event: c('yellow'), tool: c('blue') },
    level: { info: c('blue'), warning: c('yellow'), error: c('red') },
    diff: { add: c('green'), remove: c('red'), hunk: c('cyan') },
    intent: Object.fromEntries(
      Object.entries(INTENT_MARKS).map(([status, [symbol, col]]) => [
        status,
        { symbol, color: c(col), label: status },
      ]),
    ) as Record<IntentStatus, Mark>,
    check: Object.fromEntries(
      Object.entries(CHECK_MARKS).map(([kind, [symbol, col, label]]) => [
        kind,
        { symbol, color: c(col), label },
      ]),
    ) as Record<CheckMarkKind, Mark>,
    verdict: Object.fromEntries(
      Object.entries(VERDICT_MARKS).map(([kind, [symbol, col, label]]) => [
        kind,
        { symbol, color: c(col), label },
      ]),
    ) as Record<UpdateVerdict, Mark>,
  };
}

export const ThemeContext = createContext<Theme>(createTheme());

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
