/** `intentplay lint`: authoring checks beyond the schema. Placeholder until the library issue. */
import type { Command } from 'commander';

export function registerLint(_program: Command): void {}
