/**
 * Simulated apps (AppWorld-style `<app>__<api>` tools). Placeholder seam: the apps land
 * with the π-Bench compatibility issue; each registers its tools here.
 */
import type { ToolRegistry } from '../tools/registry.ts';

export function registerApps(_registry: ToolRegistry): void {}

/** In-memory app state for one run group, seeded from each scenario's `apps:` key. */
export class AppStateHost {
  private readonly states = new Map<string, unknown>();
  state(app: string): unknown {
    return this.states.get(app);
  }
  setState(app: string, state: unknown): void {
    this.states.set(app, state);
  }
  snapshot(): Record<string, unknown> {
    return structuredClone(Object.fromEntries(this.states));
  }
  /** Applies a scenario's seeds: apps named there start from the given state. */
  seed(seeds: Record<string, unknown> | undefined): void {
    for (const [app, seed] of Object.entries(seeds ?? {})) this.states.set(app, structuredClone(seed));
  }
}
