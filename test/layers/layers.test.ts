/** The layer rules in eslint.config.js fire (CONTRIBUTING.md lists the layers). */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layer lint', () => {
  it('keeps the engine and its libraries out of the surfaces built on them', async () => {
    expect(await problems('src/session/probe.ts', "export { main } from '../cli/main.ts';\n")).toHaveLength(1);
    expect(await problems('src/scenario/pibench/probe.ts', "import type { RunRecord } from '../../batch/summary.ts';\nexport type R = RunRecord;\n")).toHaveLength(1);
    expect(await problems('src/judge/probe.ts', "export const load = () => import('../report/report.ts');\n")).toHaveLength(1);
  });

  it('keeps the TUI out of the command line and batch runs', async () => {
    expect(await problems('src/tui/screens/probe.ts', "export { positiveInt } from '../../cli/options.ts';\n")).toHaveLength(1);
    expect(await problems('src/tui/probe.ts', "export { summarize } from '../batch/summary.ts';\n")).toHaveLength(1);
  });

  it('keeps annotation out of the statistics, and the statistics out of the screens', async () => {
    expect(await problems('src/annotate/probe.ts', "export * from '../agreement/stats.ts';\n")).toHaveLength(1);
    expect(await problems('src/agreement/probe.ts', "export * from '../share/export.ts';\n")).toHaveLength(1);
    expect(await problems('src/judge/probe.ts', "export * from '../annotate/records.ts';\n")).toHaveLength(1);
    expect(await problems('src/agreement/probe.ts', "export * from '../annotate/records.ts';\nexport * from '../report/document.ts';\n")).toEqual([]);
  });

  it('keeps everything but the command line out of it', async () => {
    expect(await problems('src/report/probe.ts', "export { positiveInt } from '../cli/options.ts';\n")).toHaveLength(1);
  });

  it('lets imports go down, and the TUI use its own session folder and the share layer', async () => {
    expect(await problems('src/tui/probe.ts', "export { sessionSetup } from '../session/setup.ts';\nexport * from '../share/index.ts';\n")).toEqual([]);
    expect(await problems('src/tui/screens/probe.ts', "export * from '../session/stage.ts';\n")).toEqual([]);
    expect(await problems('src/report/probe.ts', "export * from '../batch/summary.ts';\n")).toEqual([]);
  });
});
