/**
 * `f` on the side-by-side screens (`watch --vs`, `replay --vs`): the bottom line asks which side
 * to fork (← the left, → the right, esc neither), and the fork then goes on live on the session
 * screen, as `f` does in a replay or a paused watch. `?` shows these screens' keys.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../contracts/errors.ts';
import { App } from '../App.tsx';
import { HelpOverlay } from '../components/HelpOverlay.tsx';
import { PRIORITY, useKeyActions, type ActionHandlers } from '../hooks/keypress.tsx';
import type { HelpFilter, Scope } from '../keymap.ts';
import type { SessionController } from '../session/controller.ts';

/** Makes the fork of side 0 (the left) or 1 (the right); throws a one-line reason when it cannot. */
export type SideFork = (side: 0 | 1) => SessionController | undefined;

/** The side-by-side screen until a side is forked, then the fork on the session screen. */
export function Forkable({
  screen,
}: {
  screen: (open: (fork: SessionController) => void) => ReactNode;
}) {
  const [fork, setFork] = useState<SessionController | undefined>(undefined);
  return fork ? <App initial={fork} /> : screen(setFork);
}

export interface VersusKeyOptions {
  /** The sides' names, left and right, as their columns head them. */
  labels: readonly [string, string];
  /** Undefined while the screen cannot fork (a stage that is over). */
  fork: SideFork | undefined;
  open: (fork: SessionController) => void;
  /** What `?` lists: the screen's scopes (the side-by-side keys are added) and what to leave out. */
  help: { scopes: readonly Scope[]; filter?: HelpFilter };
  width: number;
  height: number;
}

export interface VersusKeys {
  /** What the bottom line says instead of the key hints: the question, or why a fork failed. */
  line: string | undefined;
  /** `?` and `f`, for the screen's own key actions. */
  handlers: ActionHandlers;
  /** The keys over the screen while `?` shows them. */
  overlay: ReactNode;
}

export function useVersusKeys(o: VersusKeyOptions): VersusKeys {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [help, setHelp] = useState(false);
  const pick = (side: 0 | 1) => {
    setAsking(false);
    try {
      const forked = o.fork?.(side);
      if (forked) o.open(forked);
    } catch (err) {
      setProblem(`cannot fork ${o.labels[side]}: ${errorMessage(err)}`);
    }
  };
  useKeyActions(
    ['whichSide'],
    { forkLeft: () => pick(0), forkRight: () => pick(1), close: () => setAsking(false) },
    // Under the keys overlay the question waits: esc closes the overlay, ←/→ fork nothing.
    { active: asking && !help, priority: PRIORITY.dialog },
  );
  const ask = () => {
    setProblem(undefined);
    setAsking(true);
  };
  const scopes: Scope[] = [...o.help.scopes, 'versus', ...(asking ? (['whichSide'] as const) : [])];
  return {
    line: asking
      ? `fork which side? ← ${o.labels[0]} · → ${o.labels[1]} · esc neither`
      : problem && `${problem} · q quit`,
    handlers: { help: () => setHelp(true), ...(o.fork ? { forkSide: ask } : {}) },
    overlay: help ? (
      <HelpOverlay
        scopes={scopes}
        filter={{
          ...o.help.filter,
          omit: [...(o.help.filter?.omit ?? []), ...(o.fork ? [] : (['forkSide'] as const))],
        }}
        width={o.width}
        height={o.height}
        onClose={() => setHelp(false)}
      />
    ) : undefined,
  };
}

/** The first of the hint lines (longest first) that fits `cols`, else the last. */
export function fitHint(variants: readonly string[], cols: number): string {
  return variants.find((v) => v.length <= cols - 2) ?? variants.at(-1)!;
}
