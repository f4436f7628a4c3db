/** `intentplay import`: π-Bench user folder to intentplay YAML. Placeholder until the π-Bench issue. */
import type { Command } from 'commander';

export function registerImport(_program: Command): void {}
