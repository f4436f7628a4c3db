/**
 * Every benchmark named in the README runs, in a short mode, so none can rot unnoticed: each is
 * compiled the way `npm run bench` compiles it and must exit 0. The figures are not checked
 * here (speed is measured by the benchmarks themselves, into BENCHMARKS.md).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SHORT: Record<string, string[]> = {
  engine: ['--sessions', '10'],
  render: ['--turns', '30', '--seconds', '1'],
  'replay-open': ['--events', '300', '--runs', '1'],
  'replay-step': ['--steps', '3'],
  startup: ['--runs', '1'],
  batch: ['--repeat', '1', '--latency', '5'],
  'llm-overhead': ['--repeats', '2'],
  export: ['--turns', '20', '--runs', '1'],
  time: ['--updates', '20', '--rounds', '1'],
  timeline: ['--updates', '20', '--seconds', '1'],
  phone: ['--ticks', '20', '--seconds', '1'],
  proposals: ['--ticks', '20', '--rounds', '1'],
  fuzz: ['--runs', '50'],
  acp: ['--turns', '5', '--calls', '5'],
};

function bench(name: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs', name, ...SHORT[name]!], { env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the benchmarks', () => {
  it('every one the README names has a short mode here', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('`npm run bench -- NAME [options]`'));
    const listed = [...section.slice(0, section.indexOf('Each compiles')).matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    expect(listed.filter((n) => /^[a-z-]+$/.test(n) && !['npm', 'bench'].includes(n)).sort()).toEqual(Object.keys(SHORT).sort());
  });

  it.each(Object.keys(SHORT))('%s runs in its short mode', { timeout: 120_000 }, async (name) => {
    const { code, output } = await bench(name);
    expect(code, output.slice(-2000)).toBe(0);
  });
});
