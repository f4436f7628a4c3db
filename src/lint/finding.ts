/** One authoring problem found by `intentplay lint`, pointing at a node of a scenario file. */
import type { LoadedScenario } from '../scenario/library.ts';

export type LintCheck =
  | 'trigger-leak'
  | 'unreflected-intent'
  | 'generic-ask'
  | 'overlapping-ask'
  | 'reactive-done'
  | 'unused-file';

export interface Finding {
  /** One of the core's checks, or a paradigm's (src/contracts/paradigm.ts, `lint`). */
  check: LintCheck | (string & {});
  scenario: LoadedScenario;
  /** YAML path of the offending node inside the scenario file. */
  path: readonly PropertyKey[];
  /** With `path` pointing at a map: the key inside it (for example a workspace file name). */
  key?: string;
  message: string;
}
