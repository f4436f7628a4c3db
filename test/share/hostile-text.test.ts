/**
 * Text others control (a scenario's title and persona, an acp agent's messages, plan, tool
 * arguments and edits, config values, annotator names) carries every kind of terminal attack:
 * a window title (OSC 0), a clipboard write (OSC 52), leaving the alternate screen, a C1 CSI
 * (U+009B), bidi overrides (U+202E, U+2066), raw HTML and a javascript: link. Through the real
 * binary, on every surface that prints or exports it, none of it arrives raw.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reduceAll } from '../../src/store/reducer.ts';
import { readRecording } from '../../src/session/recording.ts';
import { loadHomeData } from '../../src/tui/home-data.ts';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { exportRecording } from '../../src/share/export.ts';
import { annotationLine } from '../agreement/helpers.ts';
import type { ExportFormat } from '../../src/share/formats.ts';

const BIN = path.resolve('bin/intentplay.js');
const AGENT = path.resolve('test/fixtures/acp-agent.mjs');
/** YAML double-quoted: every attack the fixture agent's --evil text carries too. */
const EVIL_YAML = String.raw`\e]0;pwned-title\a\e]52;c;cHduZWQ=\a\e[?1049l\x9b31m\u202Egnp.exe\u2066<img src=x onerror=alert(1)>[click](javascript:alert(1))`;

/** What a terminal would act on, after our own colours and cursor moves (a cast draws with them) are set aside. */
function rawControls(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  const ours = /\x1b\[[0-9;]*m|\x1b\[\d+;\d+H|\x1b\[[2]?[JK]|\x1b\[\?25[lh]/g;
  // eslint-disable-next-line no-control-regex
  const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
  return [...text.replace(ours, '').matchAll(controls)].map((m) =>
    JSON.stringify(text.slice(Math.max(0, m.index - 10), m.index + 10)),
  );
}

const work = mkdtempSync(path.join(os.tmpdir(), 'ip-hostile-'));
const lib = path.join(work, 'lib');
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout + r.stderr };
};
const agent = `acp:node ${AGENT} --evil`;
let recording = '';
let runOutput = '';

beforeAll(() => {
  cpSync(path.resolve('test/fixtures/acp-lib'), lib, { recursive: true });
  const scenario = path.join(lib, 'scenarios/tester/notes.yaml');
  writeFileSync(
    scenario,
    readFileSync(scenario, 'utf8').replace(
      'title: Keep my budget in notes',
      `title: "Budget ${EVIL_YAML}"`,
    ),
  );
  const run = cli('run', 'tester/notes', '--library', lib, '--agent', agent, '--out', 'out');
  expect(run.code, run.out).toBe(0);
  runOutput = run.out;
  const recs = path.join(work, 'out/recordings');
  recording = path.join(
    recs,
    readdirSync(recs).find((f) => f.endsWith('.jsonl'))!,
  );
}, 60_000);

describe('hostile text reaches no terminal and no export raw', { timeout: 60_000 }, () => {
  it('the recording does hold the attacks (so the surfaces below are tried with them)', () => {
    const text = readFileSync(recording, 'utf8');
    for (const piece of ['\\u001b]52;c;', '\u009b', '\u202e', '<img src=x'])
      expect(text).toContain(piece);
  });

  it('watch --plain, replay --plain, the home listing, run progress', () => {
    const surfaces = {
      watch: cli(
        'watch',
        'tester/notes',
        '--library',
        lib,
        '--agent',
        agent,
        '--plain',
        '--delay',
        '0',
      ),
      replay: cli('replay', recording, '--plain'),
      home: cli('--library', lib, '--plain'),
      run: { code: 0, out: runOutput },
    };
    for (const [name, r] of Object.entries(surfaces)) {
      expect(r.code, `${name}: ${r.out}`).toBe(0);
      expect(rawControls(r.out), name).toEqual([]);
    }
    expect(surfaces.watch.out).toContain('Budget');
    expect(surfaces.watch.out).toContain('List the workspace'); // the plan entry, cleaned
    expect(surfaces.home.out).toContain('tester/notes  Budget');
  });

  it('every export format, the presentation cast and svg among them', () => {
    // One through the binary; the others in-process, through the function `export` calls.
    const viaBinary = cli('export', recording, '--format', 'md');
    expect(viaBinary.code, viaBinary.out).toBe(0);
    for (const args of [
      ['md'],
      ['cast'],
      ['svg'],
      ['html'],
      ['cast', '--present'],
      ['svg', '--present'],
    ]) {
      const format = args[0] as ExportFormat;
      const r = { out: exportRecording(recording, { format, present: args.length > 1 }) };
      if (format === 'md') expect(r.out).toBe(viaBinary.out);
      // A cast is JSON lines: what reaches the terminal is each output event's text (and the header's title).
      const shown =
        args[0] === 'cast'
          ? r.out
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as unknown)
              .map((e) => (Array.isArray(e) ? String(e[2]) : JSON.stringify(e)))
              .join('')
          : r.out;
      expect(rawControls(shown), args.join(' ')).toEqual([]);
      if (args[0] !== 'cast')
        expect(r.out, args.join(' ')).not.toMatch(/\\u00(1b|9b)|\\u202e|\\u2066/i);
    }
    // XML allows neither a C0 control nor a lone surrogate: with both in a recording the SVG is still well-formed.
    const broken = path.join(work, 'broken.jsonl');
    writeFileSync(
      broken,
      readFileSync(recording, 'utf8').replace(
        'Bullet points, please.',
        'Bullet\\u0001 points\\ud800, please.',
      ),
    );
    const svg = exportRecording(broken, { format: 'svg' });
    expect(svg).toContain('points, please');
    // eslint-disable-next-line no-control-regex
    expect(/[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(svg)).toBe(false);
    expect(Buffer.from(svg, 'utf8').toString('utf8')).toBe(svg); // no lone surrogate (it would not survive UTF-8)
    const md = viaBinary.out;
    expect(md).toContain('Let me look');
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).not.toMatch(/(?<!\\)\]\(javascript:/);
  });

  it('what the TUI draws: the store every pane reads, and the home screen', async () => {
    const state = reduceAll(readRecording(recording).events);
    expect(rawControls(JSON.stringify(state))).toEqual([]);
    expect(JSON.stringify(state)).not.toMatch(/\\u00(1b|9b)|\\u202e/i);
    const home = await loadHomeData({
      bundled: BUNDLED_LIBRARY,
      library: lib,
      recordingsDir: work,
      config: resolveConfig({}, {}),
    });
    expect(JSON.stringify(home)).toContain('Budget');
    expect(JSON.stringify(home)).not.toMatch(/\\u00(1b|9b)|\\u202e/i);
  });

  it('config values and annotator names', () => {
    writeFileSync(path.join(work, 'intentplay.config.yaml'), `model: "gpt-4o${EVIL_YAML}"\n`);
    const config = cli('config');
    expect(config.out).toContain('gpt-4o');
    expect(rawControls(config.out)).toEqual([]);
    const line = (annotator: string, label: string) => annotationLine(recording, annotator, label);
    const file = path.join(work, 'ann/a.jsonl');
    mkdirSync(path.join(work, 'ann'), { recursive: true });
    writeFileSync(
      file,
      [
        line('ann\u001b]0;pwned\u0007\u202eone', 'completed'),
        line('two\u009b31m', 'completed'),
      ].join('\n') + '\n',
    );
    const agreement = cli('agreement', file);
    expect(agreement.out).toContain('one');
    expect(rawControls(agreement.out)).toEqual([]);
  });
});
