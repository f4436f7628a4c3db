/**
 * Styled text and the theme's semantic colours, as types: what a pane's lines are made of. They
 * live in the leaf so a paradigm can draw its own pane (src/contracts/paradigm-view.ts) without
 * importing the TUI; src/text and src/tui/theme.ts build on them.
 */
import type { IntentStatus, UpdateVerdict } from './events.ts';

export interface Seg {
  text: string;
  color?: string | undefined;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  underline?: boolean;
  italic?: boolean;
}
export type Line = readonly Seg[];
export type Style = Omit<Seg, 'text'>;

export interface Mark {
  symbol: string;
  color: string | undefined;
  label: string;
}

/** A checklist item's mark: passed, failed, ungraded (the judge could not grade it) or not yet graded. */
export type CheckMarkKind = 'pass' | 'fail' | 'ungraded' | 'pending';

/** Semantic colour tokens (src/tui/theme.ts makes them): "a completed intent", never "green". */
export interface Theme {
  color: boolean;
  text: {
    primary: string | undefined;
    secondary: string | undefined;
    accent: string | undefined;
    muted: string | undefined;
  };
  border: { focused: string | undefined; normal: string | undefined };
  role: {
    user: string | undefined;
    agent: string | undefined;
    event: string | undefined;
    tool: string | undefined;
  };
  level: { info: string | undefined; warning: string | undefined; error: string | undefined };
  diff: { add: string | undefined; remove: string | undefined; hunk: string | undefined };
  intent: Record<IntentStatus, Mark>;
  check: Record<CheckMarkKind, Mark>;
  /** How an update was handled (time scenarios). */
  verdict: Record<UpdateVerdict, Mark>;
}
