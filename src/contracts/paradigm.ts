/**
 * A paradigm is one way a session plays: π-Bench's conversation (`chat`), time scenarios
 * (`time`: a clock, an environment, dormancy and follow-ups), proposal scenarios (`proposals`:
 * the agent observes and proposes). The core (scenario loading, tools, the engine) knows none of
 * them by name: it reads what a paradigm adds from this interface, and the composition root
 * (src/paradigms/index.ts) lists them. CONTRIBUTING.md, "Add a paradigm", shows a new one.
 */
import type { z } from 'zod';
import type { EngineTypes } from './engine-types.ts';
import type { Section } from './report.ts';
import type { ParadigmView } from './paradigm-view.ts';

type Scenario = EngineTypes['scenario'];
type Tool = EngineTypes['tool'];
/** One run as results.jsonl records it (src/batch/summary.ts's RunRecord). */
type Run = EngineTypes['runRecord'];

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
  /** What it measures over many runs: its scores pooled, and its sections of `intentplay report`. */
  readonly results?: ParadigmResults;
  /** Options it adds to `intentplay run` (PARE's `--noise`), after the command's own. */
  readonly runOptions?: readonly ParadigmRunOption[];
  /** What it shows: its slice of the session state, its panes, its status-bar segment, its opening lines. */
  readonly view?: ParadigmView;
}

/** An option of `intentplay run` that changes the scenarios a paradigm plays, for one run. */
export interface ParadigmRunOption {
  /** As the command line reads it: `--noise <settings>`. */
  readonly flags: string;
  /** Its line in `intentplay run --help`. */
  readonly description: string;
  /**
   * It changes what a run measures: `run --resume` keeps the value the run started with and
   * refuses a different one (else a resumed run takes it from run.json unless given again).
   */
  readonly fixed?: boolean;
  /**
   * The option's text as a change to each scenario of the run (scenarios it does not concern
   * come back as they are); throws a plain message when the text is wrong.
   */
  parse(text: string): (scenario: Scenario) => Scenario;
}

/**
 * A paradigm's scores over many runs. Its protocol scores each session (`scores()`, recorded in
 * `session_end` and in each results line under `key`); this pools them. `agentOf` names a run's
 * agent: different agents are never pooled.
 */
export interface ParadigmResults {
  /** Where its pooled scores sit in the summary of `run --json` and results (`time`, `proposals`). */
  readonly key: string;
  /** Its scores pooled over `runs`, by agent; null when no run has them (the key is left out). */
  aggregate(runs: readonly Run[], agentOf: (run: Run) => string): object | null;
  /** Its sections of `intentplay report`, after π-Bench's; none when no run has its scores. */
  reportSections?(runs: readonly Run[], agentOf: (run: Run) => string): readonly Section[];
}
