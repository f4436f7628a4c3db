/** A small library for batch tests (two personas, categories, an episode, a dependency chain) and an in-process CLI. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunRecord, Summary } from '../../src/batch/summary.ts';
import { makeLibrary } from '../helpers/library.ts';

const scenario = (id: string, category: string, extra: string, say: string) => `id: ${id}
persona: ${id.split('/')[0]}
title: Scenario ${id}
category: ${category}
${extra}trigger: { kind: user, text: Help me with ${id}. }
intents:
  - { id: I1, text: Mention the budget., reveal: The budget is 300., ask: ["(?i)budget"], done: { reply_matches: "300" } }
  - { id: I2, text: Save a note., reveal: Save a note please., ask: ["(?i)note"], done: { tool_called: { name: write_file } } }
checklist:
  - { id: C1, text: A note exists., grader: rule, rule: { file_exists: "note-*.md" } }
references:
  main:
    - say: "${say}"
      actions:
        - { tool: write_file, args: { path: note-${id.replace('/', '-')}.md, content: "300" } }
`;

export const Q_PERSONA = `id: q
name: Quinn
role: tester
profile: Tests other things.
style: terse
`;

/**
 * Groups when the folder is run: episode `p` (p/a then p/b) and chain `q/c` (q/c then
 * q/d, which depends on it). With --no-deps: four single-session groups.
 */
export function batchLibrary(): string {
  return makeLibrary({
    'personas/q.yaml': Q_PERSONA,
    'scenarios/p/a.yaml': scenario(
      'p/a',
      'A',
      '',
      'Your budget is 300; I saved a note. What else?',
    ),
    'scenarios/p/b.yaml': scenario('p/b', 'B', 'depends_on: [a]\n', 'Which budget should I use?'),
    'scenarios/p/episode.yaml': 'id: p\npersona: p\nsessions: [a, b]\n',
    'scenarios/q/c.yaml': scenario('q/c', 'A', '', 'I saved a note. Anything else?'),
    'scenarios/q/d.yaml': scenario(
      'q/d',
      'C',
      'depends_on: [c]\n',
      'Shall I take a note of the budget?',
    ),
  });
}

export interface CliResult {
  code: number;
  stdout: string;
  /** Without colour codes (the live status line's cursor codes stay). */
  stderr: string;
}

/** Runs the CLI in this process, capturing what it writes. */
export async function cli(args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await main(args);
    return { code, stdout, stderr: stripVTControlCharacters(stderr) };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

export const readLines = (dir: string): RunRecord[] =>
  readFileSync(path.join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RunRecord);

export const readSummary = (dir: string): Summary =>
  JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8')) as Summary;
