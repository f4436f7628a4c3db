/**
 * How the core gets a session's backends without knowing any: the composition root
 * (src/paradigms/index.ts) installs the factory that builds each kind (src/paradigms/backend-factory.ts),
 * and run groups ask here. A test may install its own.
 */
import type { ResolvedConfig } from '../config/config.ts';
import type { LoadedPersona, LoadedScenario } from '../scenario/library.ts';
import type { Backends } from '../contracts/backends.ts';
import type { PermissionDecision, Role } from '../contracts/events.ts';
import type { BackendSpec } from './backend-spec.ts';
import type { HumanPorts, InputQueue } from './input-queue.ts';

export interface BackendContext {
  scenario: LoadedScenario;
  persona: LoadedPersona | undefined;
  config: ResolvedConfig;
  /** Required when a role is `human`. */
  human?: HumanPorts;
  /** Where a person answers an acp agent's permission requests; without it the policy decides. */
  permissions?: InputQueue<PermissionDecision>;
  /** Where an external agent's log goes (beside the session's recording). */
  logFile?: string;
}

export type BackendMaker = (
  specs: Record<Role, BackendSpec>,
  ctx: BackendContext,
) => Promise<Backends>;

let installed: BackendMaker | undefined;

export function installBackendMaker(make: BackendMaker): void {
  installed = make;
}

/** The three backends of a session, built from their specs by the installed factory. */
export function createBackends(
  specs: Record<Role, BackendSpec>,
  ctx: BackendContext,
): Promise<Backends> {
  if (!installed)
    throw new Error(
      'no backend factory is installed: import src/paradigms/index.ts (the composition root) before running sessions',
    );
  return installed(specs, ctx);
}
