/**
 * Every benchmark named in the README runs, in a short mode, so none can rot unnoticed: each is
 * compiled the way `npm run bench` compiles it and must exit 0 and print its figures. The
 * figures' values are not checked here (speed is measured by the benchmarks themselves, into
 * BENCHMARKS.md). A benchmark with kinds that take different paths (the export of a proposal or
 * a time recording, MCP calls through the stdio bridge) has a short run per path, keyed
 * `NAME --OPTION ...`.
 *
 * Every benchmark is compiled once, all at the same time, and the short runs go two at a time
 * (most of them wait on a server, a browser or a child process much of their time).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import pLimit from 'p-limit';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain-JavaScript build script, no types
import { buildBench } from '../../scripts/bench-build.mjs';

const SHORT: Record<string, string[]> = {
  engine: ['--sessions', '10'],
  render: ['--turns', '30', '--seconds', '1'],
  'replay-open': ['--events', '300', '--runs', '1'],
  'replay-step': ['--steps', '3'],
  startup: ['--runs', '1'],
  batch: ['--repeat', '1', '--latency', '5'],
  'llm-overhead': ['--repeats', '2', '--warmup', '0'],
  export: ['--turns', '20', '--runs', '1'],
  'export --kind proposals': ['--kind', 'proposals', '--turns', '10', '--runs', '1'],
  'export --kind time': ['--kind', 'time', '--turns', '10', '--runs', '1'],
  time: ['--updates', '20', '--rounds', '1'],
  timeline: ['--updates', '20', '--seconds', '1'],
  phone: ['--ticks', '20', '--seconds', '1'],
  proposals: ['--ticks', '20', '--rounds', '1'],
  fuzz: ['--runs', '50'],
  acp: ['--turns', '5', '--calls', '5'],
  'acp --stdio-mcp': ['--stdio-mcp', '--turns', '5', '--calls', '5'],
  fork: ['--updates', '20', '--turn', '10', '--runs', '2'],
  film: ['--cast-turns', '10', '--svg-turns', '5', '--runs', '1'],
  serve: ['--participants', '2', '--keys', '3', '--viewers', '3', '--delay', '30', '--runs', '1'],
  'serve-page': ['--pages', '1', '--keys', '3'],
};

/** The benchmark a SHORT key runs: its first word. */
const benchOf = (key: string) => key.split(' ')[0]!;

/** Each benchmark's compiled file, built once for all its short runs. */
const built = new Map<string, Promise<string>>();
const compiled = (name: string) =>
  built.get(name) ?? built.set(name, buildBench(name) as Promise<string>).get(name)!;

async function bench(key: string): Promise<{ code: number | null; output: string }> {
  const file = await compiled(benchOf(key));
  return new Promise((resolve) => {
    // Run as scripts/bench.mjs runs it: plain node, production React.
    const child = spawn(process.execPath, [file, ...SHORT[key]!], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Each short run once: the export kinds' figures are read from the same run that must exit 0. */
const runs = new Map<string, ReturnType<typeof bench>>();
const twoAtATime = pLimit(2);
const ran = (key: string) =>
  runs.get(key) ??
  runs
    .set(
      key,
      twoAtATime(() => bench(key)),
    )
    .get(key)!;

describe('the benchmarks', () => {
  // Compile them all at once, then queue every short run: the tests below await their own.
  beforeAll(async () => {
    await Promise.all([...new Set(Object.keys(SHORT).map(benchOf))].map(compiled));
    for (const key of Object.keys(SHORT)) ran(key).catch(() => undefined);
  }, 120_000);

  it('every one the README names has a short mode here', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('`npm run bench -- NAME [options]`'));
    const listed = [
      ...section.slice(0, section.indexOf('Each compiles')).matchAll(/`([a-z-]+)`/g),
    ].map((m) => m[1]!);
    expect(
      listed.filter((n) => /^[a-z][a-z-]*$/.test(n) && !['npm', 'bench'].includes(n)).sort(),
    ).toEqual([...new Set(Object.keys(SHORT).map(benchOf))].sort());
  });

  it.each(Object.keys(SHORT))('%s runs in its short mode', { timeout: 300_000 }, async (key) => {
    const { code, output } = await ran(key);
    expect(code, output.slice(-2000)).toBe(0);
  });

  it.each(['synthetic', 'proposals', 'time'])(
    "the export benchmark prints every format's figures for a %s recording",
    { timeout: 300_000 },
    async (kind) => {
      const short = Object.entries(SHORT).find(
        ([key, args]) =>
          benchOf(key) === 'export' &&
          (args.includes(kind) || (kind === 'synthetic' && !args.includes('--kind'))),
      );
      expect(short, `no short export run of the ${kind} kind`).toBeDefined();
      const { code, output } = await ran(short![0]);
      expect(code, output.slice(-2000)).toBe(0);
      const figures = JSON.parse(
        output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1),
      ) as {
        kind: string;
        agent_turns: number;
        in_process: Record<string, { warm_median_ms: number; bytes: number }>;
        cli_process_ms: Record<string, number>;
        html_in_chromium: { open_ms?: number[] };
      };
      expect(figures.kind).toBe(kind);
      expect(figures.agent_turns).toBeGreaterThan(0);
      for (const format of ['html', 'cast', 'svg', 'md'])
        expect(figures.in_process[format]!.bytes, format).toBeGreaterThan(0);
      expect(Object.keys(figures.cli_process_ms).sort()).toEqual(['cast', 'html']);
      if (existsSync('/usr/bin/chromium'))
        expect(figures.html_in_chromium.open_ms?.length).toBeGreaterThan(0);
    },
  );
});
