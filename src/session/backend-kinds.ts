/**
 * Every backend kind, as data: which roles it plays, whether it takes an argument, whether it
 * needs a model, and its help. The command line's allowed values and help, spec parsing and
 * the home screen's pickers derive from this table; src/paradigms/backend-factory.ts maps each
 * kind to its constructor (the compiler checks that every kind has one). Kept free of imports so the
 * command line's help can read it without loading any backend.
 */
import type { Role } from '../contracts/events.ts';

export const BACKEND_KINDS = {
  openai: {
    roles: ['agent', 'user', 'judge'],
    arg: undefined,
    needsModel: true,
    help: 'a model behind an OpenAI-compatible endpoint',
  },
  script: {
    roles: ['agent'],
    arg: 'NAME',
    needsModel: false,
    help: "replays the scenario's reference trajectory NAME (default: its first); scripted, reads nothing",
  },
  acp: {
    roles: ['agent'],
    arg: "'COMMAND ARGS'",
    needsModel: false,
    help: 'your own agent, run as a subprocess over the Agent Client Protocol (docs/agents.md)',
  },
  rules: {
    roles: ['user', 'judge'],
    arg: undefined,
    needsModel: false,
    help: "the scenario's own rules (offline)",
  },
  human: {
    roles: ['agent', 'user'],
    arg: undefined,
    needsModel: false,
    help: 'a person at the terminal (play)',
  },
} as const satisfies Record<
  string,
  { roles: readonly Role[]; arg: string | undefined; needsModel: boolean; help: string }
>;

export type BackendKind = keyof typeof BACKEND_KINDS;

/** The kinds a role can take, in table order. */
export function kindsFor(role: Role): BackendKind[] {
  return (Object.keys(BACKEND_KINDS) as BackendKind[]).filter((k) =>
    (BACKEND_KINDS[k].roles as readonly Role[]).includes(role),
  );
}

/** `openai | script[:NAME] | …` for a role's flag help and errors. */
export function kindsHelp(role: Role, separator = ' | '): string {
  return kindsFor(role)
    .map((k) => {
      const arg = BACKEND_KINDS[k].arg;
      if (arg === undefined) return k;
      return arg === 'NAME' ? `${k}[:${arg}]` : `${k}:${arg}`;
    })
    .join(separator);
}
