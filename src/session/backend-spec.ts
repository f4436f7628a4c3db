/**
 * Backend specs as the command line spells them (docs/engine.md): `openai`, `script[:NAME]`,
 * `rules`, `human`. Parsing lives here; constructing lives in backend-factory.ts.
 */
import { UserError } from '../scenario/diagnostics.ts';
import type { Role } from './events.ts';

export interface BackendSpec {
  kind: 'openai' | 'script' | 'rules' | 'human';
  /** For script: the reference trajectory's name (undefined = the scenario's first). */
  name?: string;
}

const ALLOWED: Record<Role, BackendSpec['kind'][]> = {
  agent: ['openai', 'script', 'human'],
  user: ['openai', 'rules', 'human'],
  judge: ['openai', 'rules'],
};

export function parseBackendSpec(role: Role, text: string): BackendSpec {
  const [kind, ...rest] = text.split(':');
  const name = rest.join(':') || undefined;
  if (!ALLOWED[role].includes(kind as BackendSpec['kind']))
    throw new UserError(`--${role} ${text}: expected one of ${ALLOWED[role].map((k) => (k === 'script' ? 'script[:NAME]' : k)).join(', ')}`);
  if (name && kind !== 'script') throw new UserError(`--${role} ${text}: only script takes a :NAME`);
  return { kind: kind as BackendSpec['kind'], ...(name ? { name } : {}) };
}

export function formatBackendSpec(spec: BackendSpec): string {
  return spec.name ? `${spec.kind}:${spec.name}` : spec.kind;
}
