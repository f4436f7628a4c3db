/** Builds a throwaway library on disk from a map of files, for tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PERSONA_YAML = `id: p
name: Pat
role: tester
profile: Tests things.
style: terse
`;

export function makeLibrary(files: Record<string, string>, withPersona = true): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-lib-'));
  const all = withPersona ? { 'personas/p.yaml': PERSONA_YAML, ...files } : files;
  mkdirSync(path.join(root, 'personas'), { recursive: true });
  for (const [rel, text] of Object.entries(all)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}
