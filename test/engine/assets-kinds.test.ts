/**
 * Sessions of one group share a workspace: when a later session's assets put a folder where an
 * earlier one left a link (or a file), the later one's wins instead of crashing the run.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLibrary } from '../helpers/library.ts';
import { runTarget } from '../helpers/run.ts';

const scenario = (id: string, assets: string, deps = '') => `id: p/${id}
persona: p
title: ${id}
${deps}trigger: { kind: user, text: hi }
workspace: { assets: ${assets} }
intents: [{ id: I1, text: x, done: { reply_matches: done } }]
checklist: [{ id: C1, text: the folder is there, grader: rule, rule: { file_exists: data/ok.md } }]
references:
  main: [{ say: done }]
`;

describe('assets of different kinds under one name', () => {
  it('a folder replaces the link an earlier session left, and the run completes', async () => {
    const root = makeLibrary({
      'scenarios/p/a.yaml': scenario('a', '../../assets/a'),
      'scenarios/p/b.yaml': scenario('b', '../../assets/b', 'depends_on: [a]\n'),
    });
    mkdirSync(path.join(root, 'assets/a'), { recursive: true });
    mkdirSync(path.join(root, 'assets/b/data'), { recursive: true });
    writeFileSync(path.join(root, 'assets/a/target.md'), 'from a');
    symlinkSync('target.md', path.join(root, 'assets/a/data'));
    writeFileSync(path.join(root, 'assets/b/data/ok.md'), 'from b');
    const { results } = await runTarget(path.join(root, 'scenarios/p/b.yaml'));
    expect(results.map((r) => r.end)).toEqual(['resolved', 'resolved']);
    expect(results[1]!.scores.checklist).toEqual({ C1: true });
  });
});
