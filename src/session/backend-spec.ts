/**
 * Backend specs as the command line spells them (docs/engine.md): `openai`, `script[:NAME]`,
 * `acp:'COMMAND ARGS'`, `rules`, `human`. The kinds are data (backend-kinds.ts); parsing lives
 * here; constructing lives in src/paradigms/backend-factory.ts.
 */
import { UserError } from '../contracts/diagnostics.ts';
import { BACKEND_KINDS, kindsFor, kindsHelp, type BackendKind } from './backend-kinds.ts';
import type { Role } from '../contracts/events.ts';

export interface BackendSpec {
  kind: BackendKind;
  /** For script: the reference trajectory's name (undefined = the scenario's first); for acp: the command line. */
  name?: string;
  /** For acp: how long one prompt may take before the agent is stopped. */
  timeoutMs?: number;
  /** For acp: every tool of the session in one list that never changes (for agents that ignore tools/list_changed). */
  oneToolList?: boolean;
}

export function parseBackendSpec(role: Role, text: string): BackendSpec {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const name = colon < 0 ? undefined : text.slice(colon + 1).trim() || undefined;
  if (!(kindsFor(role) as string[]).includes(kind))
    throw new UserError(`--${role} ${text}: expected one of ${kindsHelp(role, ', ')}`);
  const arg = BACKEND_KINDS[kind as BackendKind].arg;
  if (name && arg === undefined)
    throw new UserError(`--${role} ${text}: ${kind} takes no :argument`);
  if (!name && arg !== undefined && arg !== 'NAME')
    throw new UserError(
      `--${role} ${text}: ${kind} needs ${kind}:${arg}, e.g. --agent acp:'npx my-agent --acp'`,
    );
  return { kind: kind as BackendKind, ...(name ? { name } : {}) };
}

export function formatBackendSpec(spec: BackendSpec): string {
  return spec.name ? `${spec.kind}:${spec.name}` : spec.kind;
}
