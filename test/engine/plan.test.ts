/** What runs, in which workspace and order (docs/reports.md). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../src/session/plan.ts';
import { makeLibrary } from '../helpers/library.ts';
import { runTarget } from '../helpers/run.ts';

const scn = (id: string, deps: string[] = [], extra = '') => `id: p/${id}
persona: p
title: ${id}
${deps.length ? `depends_on: [${deps.join(', ')}]\n` : ''}trigger: { kind: user, text: go }
intents:
  - { id: I1, text: x, ask: ["zzz"], done: { reply_matches: "zzz" } }
${extra}`;

const lib = () =>
  makeLibrary({
    'scenarios/p/a.yaml': scn('a'),
    'scenarios/p/b.yaml': scn('b', ['a']),
    'scenarios/p/c.yaml': scn('c', ['b']),
    'scenarios/p/d.yaml': scn('d'),
    'scenarios/p/e.yaml': scn('e', ['d']),
    'scenarios/p/f.yaml': scn('f', ['a']),
    'scenarios/p/episode.yaml': 'id: p\npersona: p\nsessions: [a, b, c]\n',
  });

const shape = (groups: ReturnType<typeof planRuns>) =>
  groups.map((g) => `${g.kind}:${g.sessions.map((s) => s.id.slice(2)).join('')}`);

describe('planning runs', () => {
  it('runs a scenario after its dependency chain, in one group', () => {
    const root = lib();
    expect(shape(planRuns([path.join(root, 'scenarios/p/c.yaml')]))).toEqual(['chain:abc']);
  });

  it('--no-deps runs the scenario alone', () => {
    const root = lib();
    expect(shape(planRuns([path.join(root, 'scenarios/p/c.yaml')], { noDeps: true }))).toEqual([
      'chain:c',
    ]);
  });

  it('an episode runs its sessions in order', () => {
    const root = lib();
    expect(shape(planRuns([path.join(root, 'scenarios/p/episode.yaml')]))).toEqual(['episode:abc']);
  });

  it('a folder runs each episode plus every unlisted scenario with its chain, no session twice', () => {
    const root = lib();
    // f depends on a, which the episode runs: f joins the episode's workspace after it.
    expect(shape(planRuns([root]))).toEqual(['episode:abcf', 'chain:de']);
  });

  it('overlapping targets do not run a session twice', () => {
    const root = lib();
    expect(
      shape(
        planRuns([path.join(root, 'scenarios/p/b.yaml'), path.join(root, 'scenarios/p/c.yaml')]),
      ),
    ).toEqual(['chain:abc']);
  });

  it('resolves scenario ids against --library', () => {
    const root = lib();
    expect(shape(planRuns(['p/e'], { library: root }))).toEqual(['chain:de']);
    expect(() => planRuns(['p/nope'], { library: root })).toThrow(
      /no scenario or episode with that id/,
    );
  });

  it('a broken file blocks only what needs it: not a healthy scenario beside it, but its folder and its dependents', () => {
    const root = makeLibrary({
      'scenarios/p/a.yaml': scn('a'),
      'scenarios/q/x.yaml': 'id: q/x\nbroken: [\n',
    });
    expect(shape(planRuns([path.join(root, 'scenarios/p/a.yaml')]))).toEqual(['chain:a']);
    expect(() => planRuns([root])).toThrow(/1 error\(s\) in the library/);
    const own = makeLibrary({
      'scenarios/p/a.yaml': scn('a'),
      'scenarios/p/x.yaml': 'id: p/x\nbroken: [\n',
      'scenarios/p/b.yaml': `${scn('b', ['a'])}title: *nope\n`,
    });
    expect(shape(planRuns([path.join(own, 'scenarios/p/a.yaml')]))).toEqual(['chain:a']);
    expect(() => planRuns([path.join(own, 'scenarios/p')])).toThrow(/error\(s\) in the library/);
    expect(() => planRuns([path.join(own, 'scenarios/p/b.yaml')])).toThrow(
      /error\(s\) in the library/,
    );
  });

  it('later sessions of a chain see the workspace and memory of earlier ones', async () => {
    const root = makeLibrary({
      'scenarios/p/a.yaml': `${scn('a')}references:
  r:
    - say: saved
      actions:
        - { tool: write_file, args: { path: notes.md, content: "from a" } }
        - { tool: write_memory, args: { key: k, content: "remembered" } }
`,
      'scenarios/p/b.yaml': `${scn('b', ['a'])}references:
  r:
    - say: read
      actions:
        - { tool: read_file, args: { path: notes.md } }
        - { tool: read_memory, args: {} }
`,
    });
    const { events, results } = await runTarget(path.join(root, 'scenarios/p/b.yaml'), {
      agent: 'script:r',
    });
    expect(results.map((r) => r.scenario)).toEqual(['p/a', 'p/b']);
    const reads = events.filter((e) => e.type === 'tool_result' && e.turn === 1).slice(-2);
    expect(reads.map((e) => (e as { result?: unknown }).result)).toEqual([
      'from a',
      { k: 'remembered' },
    ]);
  });
});
