/**
 * Export benchmark (issue 18): a 1,000-turn recording on disk, exported to each format
 * in-process (the first run cold, then the median of the rest), the real CLI timed end to
 * end (process start included), and the HTML replay opened in headless Chromium: from
 * navigation to the page's first drawn replay (its script has built every pane). Targets:
 * html < 2 s, cast < 10 s, the page open < 1 s.
 *
 * `--kind` picks the recording: `synthetic` (a chat session written directly), `proposals`
 * (the generated proposal scenario run for real: 1,000 ticks of phone moves with their
 * screens, notifications and a proposal, so every export draws the Phone) or `time` (the
 * generated time scenario: 1,000 updates with a reminder, silences and follow-ups, drawn
 * with the Timeline).
 *
 * `--kind all` measures the three one after the other and ends with a table of them side by side.
 *
 *   npm run bench -- export [--kind synthetic|proposals|time|all] [--turns 1000] [--runs 3]
 */
import '../src/paradigms/index.ts'; // installs the paradigms, as the command line's entry does
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveConfig } from '../src/config/config.ts';
import { runGroup } from '../src/session/group.ts';
import { planRuns } from '../src/session/plan.ts';
import { readRecording } from '../src/session/recording.ts';
import { exportRecording } from '../src/share/export.ts';
import { createToolRegistry } from '../src/tools/index.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../src/share/formats.ts';
import { syntheticEvents } from '../src/store/synthetic.ts';
import { writeProposalScenario } from './proposal-scenario.ts';
import { writeRecordingFile } from './recording-file.ts';
import { writeTimeScenario } from './time-scenario.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string', default: 'synthetic' },
    turns: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
  },
});
const turns = Number(values.turns);
const runs = Math.max(2, Number(values.runs));
const kind = values.kind!;

/** A generated scenario run headless (script agent, rules user and judge), recorded into its library folder. */
async function recordScenario(scenario: {
  root: string;
  file: string;
}): Promise<{ dir: string; file: string }> {
  const dir = path.join(scenario.root, 'recordings');
  const [group] = planRuns([scenario.file], { noDeps: true });
  await runGroup(group!, {
    specs: { agent: { kind: 'script' }, user: { kind: 'rules' }, judge: { kind: 'rules' } },
    config: resolveConfig({}, {}),
    registry: createToolRegistry(),
    recordingsDir: dir,
  });
  return { dir: scenario.root, file: path.join(dir, readdirSync(dir)[0]!) };
}

const KINDS = ['synthetic', 'proposals', 'time'];

async function measure(kind: string) {
  let recorded: { dir: string; file: string };
  if (kind === 'synthetic') recorded = writeRecordingFile(syntheticEvents({ turns }));
  else if (kind === 'proposals') recorded = await recordScenario(writeProposalScenario(turns));
  else if (kind === 'time')
    recorded = await recordScenario(
      writeTimeScenario(turns, { gapMinutes: 10, text: (price) => `Price now ${price}.` }),
    );
  else throw new Error(`--kind ${kind}: use synthetic, proposals, time or all`);
  const { dir, file } = recorded;
  const events = readRecording(file).events;

  const ms = (n: number) => +n.toFixed(0);
  // Wall time, and the CPU time this process used: on a shared machine the CPU time shows the
  // work itself when the wall time mostly shows how long the process waited for a core.
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const inProcess: Record<
    string,
    { cold_ms: number; warm_median_ms: number; warm_median_cpu_ms: number; bytes: number }
  > = {};
  for (const format of EXPORT_FORMATS) {
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const c0 = cpuMs();
      bytes = Buffer.byteLength(exportRecording(file, { format }));
      times.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
    }
    const median = (xs: number[]) =>
      xs.slice(1).sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    inProcess[format] = {
      cold_ms: ms(times[0]!),
      warm_median_ms: ms(median(times)),
      warm_median_cpu_ms: ms(median(cpu)),
      bytes,
    };
  }

  // The CLI as users run it: a fresh process per export, writing the file.
  const cli: Partial<Record<ExportFormat, number>> = {};
  const bin = path.resolve('bin/intentplay.js');
  for (const format of ['html', 'cast'] as const) {
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      [bin, 'export', file, '--format', format, '--out', path.join(dir, `long.${format}`)],
      {
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    cli[format] = ms(performance.now() - t0);
  }

  // The HTML replay in Debian's Chromium, when installed.
  let browser: { open_ms: number[]; cold_open_ms: number } | { skipped: string };
  const CHROMIUM = '/usr/bin/chromium';
  if (existsSync(CHROMIUM)) {
    const { chromium } = await import('playwright-core');
    const b = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const open: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await b.newPage({ viewport: { width: 1400, height: 860 } });
      const t0 = performance.now();
      await page.goto(pathToFileURL(path.join(dir, 'long.html')).href);
      await page.waitForSelector('body[data-ready="true"]');
      // The replay is drawn: wait for the frame after the script built it.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
      open.push(ms(performance.now() - t0));
      await page.close();
    }
    await b.close();
    browser = { cold_open_ms: open[0]!, open_ms: open };
  } else browser = { skipped: `${CHROMIUM} is not installed` };
  const figures = {
    kind,
    turns,
    agent_turns: events.filter((e) => e.type === 'turn_start').length,
    events: events.length,
    recording_bytes: statSync(file).size,
    in_process: inProcess,
    cli_process_ms: cli,
    html_in_chromium: browser,
    node_env: process.env.NODE_ENV ?? 'development',
  };
  console.log(JSON.stringify(figures, null, 2));
  rmSync(dir, { recursive: true, force: true });
  return figures;
}

const all: Awaited<ReturnType<typeof measure>>[] = [];
for (const k of kind === 'all' ? KINDS : [kind]) all.push(await measure(k));
if (all.length > 1) {
  const row = (f: (typeof all)[number]) => {
    const p = f.in_process;
    const open =
      'open_ms' in f.html_in_chromium
        ? `${Math.min(...f.html_in_chromium.open_ms)} – ${Math.max(...f.html_in_chromium.open_ms)} ms`
        : 'skipped';
    return `| ${f.kind} | ${p.html!.warm_median_ms} / ${p.html!.warm_median_cpu_ms} ms | ${p.cast!.warm_median_ms} / ${p.cast!.warm_median_cpu_ms} ms | ${p.svg!.warm_median_cpu_ms} ms | ${p.md!.warm_median_cpu_ms} ms | ${f.cli_process_ms.html} / ${f.cli_process_ms.cast} ms | ${open} |`;
  };
  console.log(
    [
      '',
      `| ${turns} turns | html in process, wall / CPU | cast in process, wall / CPU | svg CPU | md CPU | intentplay export process, html / cast | page open in Chromium |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...all.map(row),
    ].join('\n'),
  );
}
