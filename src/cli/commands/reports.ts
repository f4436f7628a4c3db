/** `intentplay report | merge | compare`. Placeholder until the batch-evaluation issue. */
import type { Command } from 'commander';

export function registerReports(_program: Command): void {}
