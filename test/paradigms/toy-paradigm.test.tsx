/**
 * A fourth paradigm registered from the test folder alone (relay/paradigm.ts), end to end: the
 * loader knows its keys and runs its checks, lint runs its authoring check, the engine plays its
 * protocol with its tool, the recording replays through the reducer (its own slice of the state
 * with it), the session screen draws its pane, status-bar segment and opening line, and the report
 * counts it.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeUnits } from '../../src/batch/units.ts';
import { runUnits } from '../../src/batch/runner.ts';
import { summarize } from '../../src/batch/summary.ts';
import { MANIFEST_FORMAT, resumeOptions, type RunManifest } from '../../src/batch/manifest.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { lintPaths } from '../../src/lint/index.ts';
import { PARADIGMS } from '../../src/paradigms/index.ts';
import { renderDoc, reportOn } from '../../src/report/report.ts';
import { loadLibrary } from '../../src/scenario/library.ts';
import { installParadigms } from '../../src/scenario/paradigms.ts';
import { planRuns } from '../../src/session/plan.ts';
import { readRecording } from '../../src/session/recording.ts';
import { reduceAll } from '../../src/store/reducer.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { ReplaySession } from '../../src/tui/session/replay-session.ts';
import { SessionScreen } from '../../src/tui/screens/SessionScreen.tsx';
import { OpeningCard } from '../../src/tui/components/OpeningCard.tsx';
import { renderSession, waitForFrame, type Rendered } from '../tui/harness.tsx';
import { relayParadigm } from './relay/paradigm.ts';

const PERSONA = 'id: tester\nname: Tess Ter\nrole: QA engineer\nprofile: Tests things.\n';

function relayScenario(name: string, pings: number, tools: string[]): string {
  return [
    `id: tester/${name}`,
    'persona: tester',
    'title: Relay pings',
    'trigger: { kind: user, text: "Answer the relay." }',
    `tools: [${tools.join(', ')}]`,
    'intents:',
    '  - id: I1',
    '    text: Send every ping the relay asks for.',
    '    done: { tool_called: { name: ping } }',
    'relay:',
    `  pings: ${pings}`,
    'references:',
    '  proactive:',
    ...Array.from(
      { length: pings },
      (_, k) => `    - say: ping ${k + 1} sent\n      actions: [{ tool: ping }]`,
    ),
    '',
  ].join('\n');
}

function library(dir: string, scenarios: Record<string, string>): string {
  mkdirSync(path.join(dir, 'personas'), { recursive: true });
  mkdirSync(path.join(dir, 'scenarios', 'tester'), { recursive: true });
  writeFileSync(path.join(dir, 'personas', 'tester.yaml'), PERSONA);
  for (const [name, text] of Object.entries(scenarios))
    writeFileSync(path.join(dir, 'scenarios', 'tester', `${name}.yaml`), text);
  return dir;
}

/** Runs the library's scenarios with the proactive script, recording into `out`. */
async function runRelay(lib: string, out: string) {
  const { records } = await runUnits(makeUnits(planRuns([path.join(lib, 'scenarios')]), 1, true), {
    specs: {
      agent: { kind: 'script', name: 'proactive' },
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    },
    config: resolveConfig({}, {}),
    registry: createToolRegistry(),
    concurrency: 1,
    recordingsDir: path.join(out, 'recordings'),
    base: out,
    out,
    date: '2026-01-05',
  });
  return records;
}

describe('a paradigm registered from outside src/', () => {
  let dir: string;
  let screen: Rendered | undefined;
  afterEach(() => screen?.unmount());
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'relay-'));
    installParadigms([...PARADIGMS, relayParadigm]);
  });
  afterAll(() => {
    installParadigms(PARADIGMS);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads its keys, and refuses what its check refuses at the line that says it', () => {
    const good = library(path.join(dir, 'good'), { relay: relayScenario('relay', 2, ['relay']) });
    const loaded = loadLibrary(good, { fresh: true });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.library.scenarios.get('tester/relay')).toMatchObject({ relay: { pings: 2 } });

    const bad = library(path.join(dir, 'bad'), { greedy: relayScenario('greedy', 9, ['relay']) });
    const refused = loadLibrary(bad, { fresh: true }).diagnostics;
    expect(refused.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['error', 11, 'a relay owes at most 5 pings (this one: 9)'],
    ]);
  });

  it('without it, the same file is an unknown key', () => {
    installParadigms(PARADIGMS);
    try {
      const other = library(path.join(dir, 'other'), {
        relay: relayScenario('relay', 2, ['relay']),
      });
      const messages = loadLibrary(other, { fresh: true })
        .diagnostics.map((d) => d.message)
        .join('\n');
      expect(messages).toMatch(/unknown key.*relay/);
    } finally {
      installParadigms([...PARADIGMS, relayParadigm]);
    }
  });

  it('keeps its fixed run option when a run is resumed', () => {
    const manifest: RunManifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      targets: ['scenarios'],
      options: { agent: 'script:proactive', relayPings: '2' },
      started: '2026-01-05T00:00:00Z',
    };
    expect(() => resumeOptions(manifest, { relayPings: '3' }, 'out')).toThrow(
      'out was run with --relay-pings "2"; resume it with the same options',
    );
    expect(resumeOptions(manifest, {}, 'out')).toMatchObject({ relayPings: '2' });
    installParadigms(PARADIGMS);
    try {
      // Without the paradigm its option is nobody's: nothing to keep.
      expect(resumeOptions(manifest, { relayPings: '3' }, 'out')).toMatchObject({
        relayPings: '3',
      });
    } finally {
      installParadigms([...PARADIGMS, relayParadigm]);
    }
  });

  it('lints with its own check', async () => {
    const lib = library(path.join(dir, 'lint'), { mute: relayScenario('mute', 1, ['files']) });
    const { diagnostics } = await lintPaths([path.join(lib, 'scenarios')]);
    expect(diagnostics.map((d) => [d.line, d.message])).toContainEqual([
      11,
      'the agent owes pings but has no `relay` tools to send them [relay-without-ping]',
    ]);
  });

  it('runs, records, replays through the reducer and reports', async () => {
    const lib = library(path.join(dir, 'run'), { relay: relayScenario('relay', 3, ['relay']) });
    loadLibrary(lib, { fresh: true });
    const out = path.join(dir, 'results');
    const records = await runRelay(lib, out);
    expect(records.map((r) => [r.scenario, r.end, r.turns])).toEqual([
      ['tester/relay', 'resolved', 3],
    ]);

    const [file] = readdirSync(path.join(out, 'recordings')).filter((f) => f.endsWith('.jsonl'));
    const recording = readRecording(path.join(out, 'recordings', file!));
    expect(recording.complete).toBe(true);
    const state = reduceAll(recording.events);
    expect(state.end).toMatchObject({ end: 'resolved', turns: 3 });
    expect(state.intentStates.I1?.status).toBe('completed');
    const said = state.turns
      .flatMap((t) => t.items)
      .map((item) => ('text' in item ? item.text : `${item.kind}`));
    expect(said).toContain('ping 2 of 3, please');
    expect(said).toContain('ping 3 sent');
    expect(
      recording.events
        .filter((e) => e.type === 'tool_call')
        .map((e) => ('name' in e ? e.name : '')),
    ).toEqual(['ping', 'ping', 'ping']);

    // Its scores: in the results line, pooled in the summary, and its own section of the report.
    expect(records[0]).toMatchObject({ relay: { owed: 3, sent: 3 } });
    expect(summarize(records)).toMatchObject({
      relay: { 'script:proactive': { runs: 1, sent: 1 } },
    });
    const report = renderDoc(reportOn([out]), 'markdown');
    expect(report).toContain('tester/relay');
    expect(report).toMatch(/## Relay: pings answered[\s\S]*\| script:proactive \| 1 \| 100\.0 \|/);
  });

  it('shows its own pane, status-bar segment and opening line, from its slice of the state', async () => {
    const lib = library(path.join(dir, 'screen'), { relay: relayScenario('relay', 2, ['relay']) });
    const out = path.join(dir, 'screen-results');
    await runRelay(lib, out);
    const [file] = readdirSync(path.join(out, 'recordings')).filter((f) => f.endsWith('.jsonl'));
    const recording = readRecording(path.join(out, 'recordings', file!));
    // The reducer keeps its slice: started from session_start, counted from its tool's results.
    expect(reduceAll(recording.events).relay).toEqual({ owed: 2, sent: 2 });

    // The session screen draws its pane beside the core's four, with the segment in the status bar.
    screen = renderSession(
      new ReplaySession(recording, Number.MAX_SAFE_INTEGER),
      <SessionScreen onExit={() => undefined} />,
      { columns: 200, rows: 40 },
    );
    const frame = await waitForFrame(screen, (f) => f.includes('pings sent 2 of 2'));
    expect(frame.split('\n')[2]).toMatch(
      /Conversation.*Hidden intents.*Checklist.*Workspace.*Relay/,
    );
    expect(frame).toContain('ping 2: sent');
    expect(frame).toMatch(/turns recorded.*│ relay 2\/2 │/);
    screen.unmount();

    // Its line on the opening card, after the request.
    screen = renderSession(
      new ReplaySession(recording),
      <OpeningCard width={80} height={20} onBegin={() => undefined} />,
      { columns: 80, rows: 20 },
    );
    const card = await waitForFrame(screen, (f) => f.includes('Relay pings'));
    expect(card).toMatch(/Answer the relay\.[\s\S]*The relay will ask for 2 pings\./);
  });
});
