/** `intentplay config`: the resolved model setup, keys masked. Placeholder until the real-models issue. */
import type { Command } from 'commander';

export function registerConfig(_program: Command): void {}
