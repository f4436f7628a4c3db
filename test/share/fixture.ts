/** Recordings for the share tests: the bundled library's proactive (and reactive) reference runs, written once per test file. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../src/config/config.ts';
import { BUNDLED_LIBRARY, planRuns } from '../../src/session/plan.ts';
import { runGroup } from '../../src/session/group.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

/** Runs `targets` (ids or folders of the bundled library) with a script reference (proactive, reactive, eager…); returns the recording of each scenario by id. */
export async function recordReference(
  reference: string,
  targets: string[] = [path.join(BUNDLED_LIBRARY, 'scenarios')],
): Promise<Map<string, string>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `intentplay-share-${reference}-`));
  const byId = new Map<string, string>();
  const registry = createToolRegistry();
  const config = resolveConfig({}, {});
  for (const group of planRuns(targets))
    for (const r of await runGroup(group, {
      specs: {
        agent: { kind: 'script', name: reference },
        user: { kind: 'rules' },
        judge: { kind: 'rules' },
      },
      config,
      registry,
      recordingsDir: dir,
      date: '2026-01-05',
    }))
      if (r.recording) byId.set(r.scenario, r.recording);
  return byId;
}
