/** The layer rules in eslint.config.js fire (CONTRIBUTING.md lists the layers). */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (m) =>
        m.ruleId === '@typescript-eslint/no-restricted-imports' ||
        m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

describe('layer lint', () => {
  it('keeps the engine and its libraries out of the surfaces built on them', async () => {
    expect(
      await problems('src/session/probe.ts', "export { main } from '../cli/main.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/scenario/pibench/probe.ts',
        "import type { RunRecord } from '../../batch/summary.ts';\nexport type R = RunRecord;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/judge/probe.ts',
        "export const load = () => import('../report/report.ts');\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps the TUI out of the command line and batch runs', async () => {
    expect(
      await problems(
        'src/tui/screens/probe.ts',
        "export { positiveInt } from '../../cli/options.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/tui/probe.ts', "export { summarize } from '../batch/summary.ts';\n"),
    ).toHaveLength(1);
  });

  it('keeps annotation out of the statistics, and the statistics out of the screens', async () => {
    expect(
      await problems('src/annotate/probe.ts', "export * from '../agreement/stats.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/agreement/probe.ts', "export * from '../share/export.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/judge/probe.ts', "export * from '../annotate/records.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/agreement/probe.ts',
        "export * from '../annotate/records.ts';\nexport * from '../report/document.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the leaves leaves: contracts import nothing of ours, text helpers only contracts', async () => {
    expect(
      await problems(
        'src/contracts/probe.ts',
        "import type { LoadedScenario } from '../scenario/library.ts';\nexport type S = LoadedScenario;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/contracts/probe.ts', "export type { Paradigm } from './paradigm.ts';\n"),
    ).toEqual([]);
    expect(
      await problems(
        'src/contracts/probe.ts',
        "import { loadLibrary } from '../scenario/library.ts';\nexport const l = loadLibrary;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/contracts/probe.ts', "export * from '../session/engine.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/text/probe.ts', "export * from '../contracts/events.ts';\n"),
    ).toEqual([]);
    expect(
      await problems('src/text/probe.ts', "export { createTheme } from '../tui/theme.ts';\n"),
    ).toHaveLength(1);
  });

  it('keeps the shared simulation a leaf: src/sim imports src/contracts only', async () => {
    expect(
      await problems('src/sim/probe.ts', "export { TimeWorld } from '../time/world.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/sim/probe.ts',
        "export const w = () => import('../session/engine.ts');\n",
      ),
    ).toHaveLength(1);
    expect(await problems('src/sim/probe.ts', "export * from '../contracts/errors.ts';\n")).toEqual(
      [],
    );
  });

  it('keeps the engine out of the store built from its events', async () => {
    expect(
      await problems('src/session/probe.ts', "export * from '../store/reducer.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/judge/probe.ts',
        "export const s = () => import('../store/selectors.ts');\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps the store to the events, and the panes to the store', async () => {
    expect(
      await problems('src/store/probe.ts', "export * from '../session/engine.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/store/probe.ts',
        "export * from '../contracts/events.ts';\nexport * from '../text/text.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/store/probe.test.ts', "export * from '../session/recording.ts';\n"),
    ).toEqual([]);
    expect(
      await problems(
        'src/tui/components/probe.tsx',
        "export { SessionRun } from '../../session/engine.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/tui/components/probe.tsx', "export * from '../../cli/options.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/tui/components/probe.tsx',
        "export * from '../../store/reducer.ts';\nexport * from '../session/stage.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps batch runs out of reports and reports out of screens', async () => {
    expect(
      await problems('src/batch/probe.ts', "export * from '../report/report.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/report/probe.ts',
        "export const view = () => import('../tui/screens/CompareView.tsx');\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps Ink out of the exports: they read the pane specs, not the panes', async () => {
    expect(
      await problems('src/share/probe.ts', "export { PANE_TABLE } from '../tui/panes.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/share/probe.ts', "export * from '../tui/components/TabBar.tsx';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/share/probe.ts',
        "export const screen = () => import('../tui/screens/CompareView.tsx');\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/share/probe.ts',
        "export { paneTitle } from '../tui/pane-specs.ts';\nexport * from '../tui/theme.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/share/probe.ts', "export { positiveInt } from '../cli/options.ts';\n"),
    ).toHaveLength(1);
  });

  it('keeps everything but the command line out of it', async () => {
    expect(
      await problems('src/report/probe.ts', "export { positiveInt } from '../cli/options.ts';\n"),
    ).toHaveLength(1);
  });

  it('lets imports go down, and the TUI use its own session folder and the share layer', async () => {
    expect(
      await problems(
        'src/tui/probe.ts',
        "export { sessionSetup } from '../session/setup.ts';\nexport * from '../share/index.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/tui/screens/probe.ts', "export * from '../session/stage.ts';\n"),
    ).toEqual([]);
    expect(await problems('src/report/probe.ts', "export * from '../batch/summary.ts';\n")).toEqual(
      [],
    );
  });

  it('keeps the core (and the apps) from knowing any paradigm', async () => {
    expect(
      await problems(
        'src/session/probe.ts',
        "export { TimeProtocol } from '../time/protocol.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/scenario/probe.ts',
        "import type { NoiseSpec } from '../proposals/schema.ts';\nexport type N = NoiseSpec;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/tools/probe.ts', "export const t = () => import('../time/tools.ts');\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/workspace/probe.ts', "export * from '../proposals/world.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/config/probe.ts', "export * from '../time/schema.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/apps/gmail/probe.ts',
        "export { proposalTools } from '../../proposals/tools.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/store/probe.ts', "export * from '../time/schema.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/text/probe.ts', "export * from '../proposals/schema.ts';\n"),
    ).toHaveLength(1);
    // What they share lives in the core, and the core reads the installed paradigms.
    expect(
      await problems(
        'src/session/probe.ts',
        "export * from '../sim/world.ts';\nexport * from '../scenario/paradigms.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the surfaces from knowing any paradigm: they read the installed ones', async () => {
    const probes: [string, string][] = [
      ['src/batch/probe.ts', "export { aggregateTime } from '../time/aggregate.ts';\n"],
      ['src/report/probe.ts', "export * from '../proposals/report-section.ts';\n"],
      ['src/cli/actions/probe.ts', "export * from '../../proposals/noise-flag.ts';\n"],
      ['src/cli/probe.ts', "export const t = () => import('../time/paradigm.ts');\n"],
      ['src/tui/components/probe.ts', "export * from '../../time/measures.ts';\n"],
      ['src/tui/screens/probe.ts', "export * from '../../proposals/tools.ts';\n"],
      ['src/share/probe.ts', "export * from '../proposals/aggregate.ts';\n"],
      ['src/serve/probe.ts', "export * from '../time/schema.ts';\n"],
      ['src/annotate/probe.ts', "export * from '../time/schema.ts';\n"],
      ['src/agreement/probe.ts', "export * from '../proposals/schema.ts';\n"],
    ];
    for (const [file, code] of probes)
      expect(await problems(file, code), file).toContainEqual(
        expect.stringMatching(/is a surface and must not import a paradigm/),
      );
    expect(
      await problems(
        'src/report/probe.ts',
        "export * from '../scenario/paradigms.ts';\nexport * from '../contracts/report.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the engine out of the backends: the composition root builds them', async () => {
    expect(
      await problems('src/session/probe.ts', "export { ScriptAgent } from '../agent/script.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/session/probe.ts',
        "export const j = () => import('../judge/openai.ts');\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('src/tools/probe.ts', "export * from '../user/rules.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/scenario/probe.ts', "export * from '../llm/client.ts';\n"),
    ).toHaveLength(1);
    // A fork's replayed backends come from the same factory.
    expect(
      await problems(
        'src/fork/probe.ts',
        "export { ScriptAgent } from '../agent/script.ts';\nexport * from '../judge/rules.ts';\n",
      ),
    ).toHaveLength(2);
    // What the engine scores with is a library, not a backend.
    expect(
      await problems(
        'src/session/probe.ts',
        "export * from '../judge/scores.ts';\nexport * from '../judge/evidence.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/paradigms/probe.ts',
        "export * from '../agent/script.ts';\nexport * from '../judge/rules.ts';\n",
      ),
    ).toEqual([]);
  });

  it('keeps each paradigm out of the others', async () => {
    expect(
      await problems('src/proposals/probe.ts', "export { TimeWorld } from '../time/world.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/time/probe.ts',
        "export const p = () => import('../proposals/protocol.ts');\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/proposals/probe.ts',
        "export * from '../sim/world.ts';\nexport * from '../session/protocol.ts';\n",
      ),
    ).toEqual([]);
  });

  it('lets only the command line import the composition root that lists the paradigms', async () => {
    expect(
      await problems('src/session/probe.ts', "import '../paradigms/index.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/tui/probe.ts', "export { PARADIGMS } from '../paradigms/index.ts';\n"),
    ).toHaveLength(1);
    expect(
      await problems('src/time/probe.ts', "export * from '../paradigms/chat.ts';\n"),
    ).toHaveLength(1);
    expect(await problems('src/cli/probe.ts', "import '../paradigms/index.ts';\n")).toEqual([]);
    expect(
      await problems(
        'src/paradigms/probe.ts',
        "export * from '../time/paradigm.ts';\nexport * from '../proposals/paradigm.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/paradigms/probe.ts', "export * from '../report/report.ts';\n"),
    ).toHaveLength(1);
  });
});
