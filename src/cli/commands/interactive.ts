/** `intentplay` (home), `play`, `watch`, `replay`: the TUI. Placeholder until the playground issue. */
import type { Command } from 'commander';

export function registerInteractive(_program: Command): void {}
