/** A synthetic recording on disk, in a fresh temporary folder, for the benchmarks that open one. */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TimedEvent } from '../src/contracts/events.ts';
import { RECORDING_FORMAT, RECORDING_VERSION } from '../src/session/recording.ts';

export function writeRecordingFile(events: readonly TimedEvent[]): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-bench-'));
  const file = path.join(dir, 'long.jsonl');
  const header = {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    scenario: 'synthetic/long',
    persona: 'synthetic',
    title: 'synthetic',
    group: { id: 'synthetic/long', kind: 'chain', index: 0, of: 1 },
    backends: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
    started: new Date(0).toISOString(),
    seed: 0,
    writer: 'bench',
  };
  writeFileSync(file, [header, ...events].map((l) => JSON.stringify(l)).join('\n') + '\n');
  return { dir, file };
}
