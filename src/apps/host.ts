/**
 * In-memory app state for one run group (an episode or a dependency chain). Sessions of
 * the group share it, so what the agent did in one session is there in the next; each
 * scenario's `apps:` seed is applied before its session starts.
 */
import { errorMessage } from '../contracts/errors.ts';
import { z } from 'zod';
import { UserError } from '../contracts/diagnostics.ts';
import type { AppHost } from '../tools/registry.ts';
import { APP_BY_NAME } from './catalog.ts';
import { idFloorOf, mergeSeeded, withAutoIdFloor, type BaseState } from './kit/state.ts';
import { compareText } from '../contracts/order.ts';

export class AppStateHost implements AppHost {
  private readonly states = new Map<string, unknown>();
  private cached: Record<string, unknown> | undefined;

  state(app: string): unknown {
    return this.states.get(app);
  }

  /** Apps replace their state with a new object on every change (they work on a clone), never mutate it in place. */
  setState(app: string, state: unknown): void {
    this.states.set(app, state);
    this.cached = undefined;
  }

  /**
   * The engine asks for this several times per turn (diffs, evidence); because states are
   * replaced rather than mutated, one shallow, frozen copy per change is enough.
   */
  snapshot(): Record<string, unknown> {
    this.cached ??= Object.freeze(
      Object.fromEntries([...this.states].sort(([a], [b]) => compareText(a, b))),
    );
    return this.cached;
  }

  /**
   * Applies a scenario's seeds. An app seeded for the first time starts from its seed; an
   * app that already has state keeps it and takes in the seed's new credentials and
   * entities (see `mergeSeeded`). Seeds of apps this build does not know are kept as given.
   */
  seed(seeds: Record<string, unknown> | undefined): void {
    this.apply(seeds, false);
  }

  /**
   * Records that arrive while a session runs (an email or a text with a time scenario's update,
   * an event of a proposal scenario). Unlike a later session's seed, which repeats entities the
   * state already has, these are new: records without an id get ids no existing record has, so
   * none is lost to an id the seed or the agent already used.
   */
  arrive(seeds: Record<string, unknown> | undefined): void {
    this.apply(seeds, true);
  }

  private apply(seeds: Record<string, unknown> | undefined, arriving: boolean): void {
    for (const [app, seed] of Object.entries(seeds ?? {})) {
      const def = APP_BY_NAME.get(app);
      if (!def) {
        this.setState(app, structuredClone(seed));
        continue;
      }
      const current = this.states.get(app) as BaseState | undefined;
      let fresh;
      try {
        fresh =
          arriving && current
            ? withAutoIdFloor(idFloorOf(current), () => def.stateFromSeed(seed))
            : def.stateFromSeed(seed);
      } catch (err) {
        throw new UserError(
          `invalid seed for app ${app}:\n${err instanceof z.ZodError ? z.prettifyError(err) : errorMessage(err)}`,
        );
      }
      const existing = this.states.get(app) as typeof fresh | undefined;
      const nowGiven = typeof seed === 'object' && seed !== null && 'now' in seed;
      this.setState(
        app,
        existing ? mergeSeeded(existing, fresh, def.collections, nowGiven) : fresh,
      );
    }
  }
}
