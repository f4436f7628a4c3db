/** Study files for tests: written to a temporary folder, against the test library. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LIB = path.join(ROOT, 'test/fixtures/lib');

/** A two-session within-subjects study of the test library: scripted proactive vs reactive. */
export function studyYaml(extra = ''): string {
  return `title: Test study
library: ${LIB}
consent:
  version: v1
  text: You agree to take part in a test.
instructions: Play the user. Press ctrl+d when you are done.
conditions:
  proactive: { agent: "script:proactive" }
  reactive: { agent: "script:reactive" }
scenarios: [tester/gear, tester/plan]
design: { type: within, seed: 1 }
questionnaires:
  after_each_session:
    - { kind: likert, id: helpful, text: The assistant was helpful., scale: 5 }
  final:
    - { kind: text, id: comments, text: Anything else? }
${extra}`;
}

export function writeStudy(text = studyYaml()): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-study-'));
  const file = path.join(dir, 'study.yaml');
  writeFileSync(file, text);
  return { dir, file };
}
