/**
 * A paradigm is one way a session plays: π-Bench's conversation (`chat`), time scenarios
 * (`time`: a clock, an environment, dormancy and follow-ups), proposal scenarios (`proposals`:
 * the agent observes and proposes). The core (scenario loading, tools, the engine) knows none of
 * them by name: it reads what a paradigm adds from this interface, and the composition root
 * (src/paradigms/index.ts) lists them. CONTRIBUTING.md, "Add a paradigm", shows a new one.
 */
import type { z } from 'zod';
import type { EngineTypes } from './engine-types.ts';

type Scenario = EngineTypes['scenario'];
type Tool = EngineTypes['tool'];

/** Where in a scenario file a check points: keys and list indices (`['intents', 2, 'after']`). */
export type ScenarioPath = readonly (string | number)[];

/** How a paradigm's checks report a problem; the loader turns the path into a file position. */
export interface ScenarioCheckReport {
  error(path: ScenarioPath, message: string): void;
  warn(path: ScenarioPath, message: string): void;
}

/** One authoring problem `intentplay lint` reports (a warning), at a node of the scenario file. */
export interface AuthoringFinding {
  /** The check's name, shown in brackets after the message (`unopenable-intent`). */
  check: string;
  path: ScenarioPath;
  /** With `path` pointing at a map: the key inside it. */
  key?: string;
  message: string;
}

export interface Paradigm {
  /** How docs and errors name it: `chat`, `time`, `proposals`. */
  readonly name: string;
  /**
   * Keys a scenario file may have besides the core's, merged into the scenario schema (so the
   * loader, `intentplay schema` and editors know them) in the registry's order.
   */
  readonly scenarioKeys?: Readonly<Record<string, z.ZodType>>;
  /** Keys each intent may have besides the core's. */
  readonly intentKeys?: Readonly<Record<string, z.ZodType>>;
  /** The intent keys `session_start` carries for each intent that sets them. */
  readonly announcedIntentKeys?: readonly (keyof EngineTypes['intent'] & string)[];
  /** Whether it plays this scenario; of the paradigms that do, the last one in the registry runs it. */
  plays(scenario: Scenario): boolean;
  /** Located checks the schema cannot express, run on every scenario the loader reads. */
  check?(scenario: EngineTypes['scenarioFile'], report: ScenarioCheckReport): void;
  /** `intentplay lint`'s authoring checks of a scenario (beyond what the loader refuses). */
  lint?(scenario: Scenario): readonly AuthoringFinding[];
  /** Tools it adds to the tool registry (a scenario's `tools:` names their groups). */
  readonly tools?: readonly Tool[];
  /** Tools its protocol offers every session it plays, whatever `tools:` says (shown in the TUI's tool list). */
  readonly sessionTools?: readonly Tool[];
  /** The turn protocol: what follows each agent turn. */
  protocol(core: EngineTypes['sessionCore']): EngineTypes['sessionProtocol'];
}
