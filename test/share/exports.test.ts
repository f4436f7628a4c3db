/**
 * `intentplay export`: every bundled scenario's proactive run exports to every format; the
 * cast is deterministic and plays in asciinema (a player nobody here wrote), in a real
 * terminal under tmux; bad input gets a located error.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_LIBRARY } from '../../src/session/plan.ts';
import { exportRecording } from '../../src/share/export.ts';
import { cli } from '../batch/helpers.ts';
import { recordReference } from './fixture.ts';
import { parseCast, playedText } from './terminal.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'intentplay-export-'));
let proactive: Map<string, string>;
beforeAll(async () => {
  proactive = await recordReference('proactive');
}, 120_000);

/** The bundled scenarios of one kind, by a line their file has (`proposals: required`, `clock:`). */
function bundledWith(line: RegExp): string[] {
  const root = path.join(BUNDLED_LIBRARY, 'scenarios');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml') && line.test(readFileSync(path.join(root, f), 'utf8')))
    .map((f) =>
      f
        .replace(/\.yaml$/, '')
        .split(path.sep)
        .join('/'),
    );
}

/** Every screen a cast shows, as text (played in a terminal emulator: a cast draws only what changed). */
const castText = playedText;

describe('export of every bundled scenario (proactive reference)', () => {
  it('writes html, cast, svg and md for each, with the scenario and its final scores', async () => {
    expect(proactive.size).toBeGreaterThanOrEqual(27);
    const proposals = bundledWith(/^proposals: required$/m);
    const time = bundledWith(/^clock:/m).filter((id) => !proposals.includes(id));
    expect(proposals.length).toBeGreaterThanOrEqual(6);
    expect(time.length).toBeGreaterThanOrEqual(6);
    // Every proposal and time scenario is among them, with its Phone or Timeline in every format.
    for (const id of [...proposals, ...time]) expect([...proactive.keys()], id).toContain(id);
    for (const id of proposals) {
      const file = proactive.get(id)!;
      expect(exportRecording(file, { format: 'html' }), id).toContain('"id":"phone"');
      expect(exportRecording(file, { format: 'md' }), id).toMatch(
        /## Proposals\n\n\| proposal \| turn/,
      );
      expect(exportRecording(file, { format: 'md' }), id).toMatch(/- ★ _.*proposal P1 accepted/);
      expect(await castText(exportRecording(file, { format: 'cast' })), id).toMatch(/─ Phone ─+╮/);
      expect(exportRecording(file, { format: 'svg' }), id).toContain('Phone');
    }
    for (const id of time) {
      const file = proactive.get(id)!;
      expect(exportRecording(file, { format: 'html' }), id).toContain('"id":"timeline"');
      expect(exportRecording(file, { format: 'md' }), id).toMatch(/## Timeline\n\nFrom /);
      expect(exportRecording(file, { format: 'md' }), id).toMatch(
        /kept silent on U\d+, an update that did not fit|followed up on U\d+/,
      );
      expect(await castText(exportRecording(file, { format: 'cast' })), id).toMatch(
        /─ Timeline · now /,
      );
    }
    for (const [id, file] of proactive) {
      const html = exportRecording(file, { format: 'html' });
      expect(html, id).toContain(`<h1>${id}:`);
      expect(html, id).toMatch(/Proc \d\.\d\d/);
      const cast = parseCast(exportRecording(file, { format: 'cast' }));
      expect(cast.header).toMatchObject({ version: 2, width: 120, height: 36 });
      expect(cast.events.length, id).toBeGreaterThan(3);
      const times = cast.events.map((e) => e[0]);
      expect(times, id).toEqual([...times].sort((a, b) => a - b));
      // Output, and a marker where each turn begins.
      expect(cast.events.every((e) => ['o', 'm'].includes(e[1]) && typeof e[2] === 'string')).toBe(
        true,
      );
      expect(cast.events.filter((e) => e[1] === 'm').map((e) => e[2])).toContain('turn 1');
      expect(cast.events.map((e) => e[2]).join(''), id).toContain(id);
      const svg = exportRecording(file, { format: 'svg' });
      expect(svg, id).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg, id).toMatch(/@keyframes f\d+\{0%\{visibility:hidden\}/);
      const md = exportRecording(file, { format: 'md' });
      expect(md, id).toMatch(new RegExp(`^# ${id.replace('/', '\\/')}: `));
      expect(md, id).toContain('## Intents');
      expect(md, id).toContain('### Turn 1');
    }
  });

  it('gives the same cast bytes for the same recording, and follows the chosen size and pace', () => {
    const file = proactive.get('researcher/meal-plan')!;
    const a = exportRecording(file, { format: 'cast' });
    expect(exportRecording(file, { format: 'cast' })).toBe(a);
    const slow = parseCast(
      exportRecording(file, { format: 'cast', cols: 100, rows: 30, paceMs: 2000 }),
    );
    const fast = parseCast(
      exportRecording(file, { format: 'cast', cols: 100, rows: 30, paceMs: 500 }),
    );
    expect(slow.header).toMatchObject({ width: 100, height: 30 });
    expect(slow.events.at(-1)![0]).toBeCloseTo(fast.events.at(-1)![0] * 4, 0);
  });

  it('calls out the proactive moments in the cast and the transcript', async () => {
    const file = proactive.get('researcher/meal-plan')!;
    const text = exportRecording(file, { format: 'cast', present: true });
    expect(parseCast(text).header).toMatchObject({ width: 120, height: 40 });
    const out = await castText(text);
    expect(out).toContain('completed I1, I3, I4, I5, I6, I7 without being asked · asked about I2');
    const md = exportRecording(file, { format: 'md' });
    expect(md).toContain(
      '- ★ _completed I1, I3, I4, I5, I6, I7 without being asked · asked about I2_',
    );
    expect(md).toMatch(/\*\*resolved\*\* after 2 turns · \*\*Proc 1\.00\*\*/);
    expect(md).toMatch(/- intent \*\*I2\*\* open → \*\*inferred\*\* \(asked: /);
  });
});

const hasAsciinema = spawnSync('asciinema', ['--version']).status === 0;
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasAsciinema)
  console.warn(
    'skipping the asciinema checks: asciinema is not installed (apt-get install asciinema)',
  );

describe.skipIf(!hasAsciinema)('the cast in asciinema', () => {
  const socket = `intentplay-cast-${process.pid}`;
  afterAll(() => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
  });

  it('is read by `asciinema cat`', () => {
    const file = path.join(work, 'meal.cast');
    writeFileSync(
      file,
      exportRecording(proactive.get('researcher/meal-plan')!, { format: 'cast' }),
    );
    // asciinema opens the terminal even to print: `script` gives it one.
    const out = execFileSync('script', ['-q', '-c', `asciinema cat ${file}`, '/dev/null'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('researcher/meal-plan');
    expect(out).toContain('Proc 1.00 · Comp 1.00');
  });

  it('reads the cast of a proposal scenario, Phone and proposal card included', () => {
    const file = path.join(work, 'soap.cast');
    writeFileSync(
      file,
      exportRecording(proactive.get('researcher/soap-list')!, { format: 'cast' }),
    );
    const out = stripVTControlCharacters(
      execFileSync('script', ['-q', '-c', `asciinema cat ${file}`, '/dev/null'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(out).toContain('researcher/soap-list');
    expect(out).toContain('Phone');
    expect(out).toContain('P1 ✓ accepted');
    expect(out).toContain('proposal P1 accepted');
  });

  it.skipIf(!hasTmux)('plays to the final screen in a terminal', { timeout: 60_000 }, async () => {
    const file = path.join(work, 'play.cast');
    writeFileSync(
      file,
      exportRecording(proactive.get('researcher/meal-plan')!, {
        format: 'cast',
        cols: 120,
        rows: 36,
        paceMs: 50,
      }),
    );
    execFileSync('tmux', [
      '-L',
      socket,
      'new-session',
      '-d',
      '-s',
      'play',
      '-x',
      '120',
      '-y',
      '36',
      `asciinema play ${file} && touch ${file}.played; sleep 60`,
    ]);
    const t0 = Date.now();
    while (!existsSync(`${file}.played`) && Date.now() - t0 < 40_000)
      await new Promise((r) => setTimeout(r, 200));
    const screen = execFileSync('tmux', ['-L', socket, 'capture-pane', '-p', '-t', 'play'], {
      encoding: 'utf8',
    });
    expect(existsSync(`${file}.played`)).toBe(true);
    expect(screen).toMatch(/intentplay\s+researcher\/meal-plan · One-week meal plan/);
    expect(screen).toContain('resolved · Proc 1.00 · Comp 1.00');
    expect(screen).toMatch(/╭─ Conversation ─+╮╭─ Hidden intents · Proc 1\.00/);
    expect(screen).toContain('✔ I1 completed · turn 1 · evidence');
    expect(screen).toContain('t2 M meal-plan.md +16 -0');
  });

  it.skipIf(!hasTmux)(
    'plays a proposal scenario to its final screen, the Phone showing the list the agent changed',
    { timeout: 60_000 },
    async () => {
      const file = path.join(work, 'soap-play.cast');
      writeFileSync(
        file,
        exportRecording(proactive.get('researcher/soap-list')!, {
          format: 'cast',
          cols: 120,
          rows: 36,
          paceMs: 50,
        }),
      );
      execFileSync('tmux', [
        '-L',
        socket,
        'new-session',
        '-d',
        '-s',
        'soap',
        '-x',
        '120',
        '-y',
        '36',
        `asciinema play ${file} && touch ${file}.played; sleep 60`,
      ]);
      const t0 = Date.now();
      while (!existsSync(`${file}.played`) && Date.now() - t0 < 40_000)
        await new Promise((r) => setTimeout(r, 200));
      const screen = execFileSync('tmux', ['-L', socket, 'capture-pane', '-p', '-t', 'soap'], {
        encoding: 'utf8',
      });
      expect(existsSync(`${file}.played`)).toBe(true);
      expect(screen).toMatch(/╭─ Conversation ─+╮╭─ Phone ─+╮╭─ Hidden intents · Proc 1\.00/);
      expect(screen).toContain('3. ☐ Hand soap');
      expect(screen).toContain('P1 ✓ accepted');
      expect(screen).toContain('resolved · Proc 1.00 · Comp 1.00');
    },
  );
});

describe('an interrupted recording', () => {
  it('exports up to where it stops, and says the session did not end', async () => {
    const file = proactive.get('researcher/meal-plan')!;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    // Cut in the middle of turn 2: the header, and every event before the user's second message.
    const cut = lines.findIndex((l) => l.includes('"type":"turn_start","turn":2'));
    const torn = path.join(work, 'torn.jsonl');
    writeFileSync(torn, lines.slice(0, cut + 1).join('\n') + '\n');
    expect(exportRecording(torn, { format: 'md' })).toContain(
      '_The recording ends before the session did._',
    );
    expect(exportRecording(torn, { format: 'html' })).toContain(
      'the recording ends before the session did',
    );
    expect(await castText(exportRecording(torn, { format: 'cast' }))).toContain('turn 2/12');
    expect(exportRecording(torn, { format: 'svg' })).toContain('</svg>');
  });
});

describe('export errors', () => {
  it('names the problem, without a stack trace', async () => {
    const file = proactive.get('researcher/meal-plan')!;
    let r = await cli(['export', file, '--format', 'gif']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown export format "gif": use one of html, cast, svg, png, md');
    r = await cli(['export', file, '--format', 'cast', '--vs', file]);
    expect(r.stderr).toContain('--vs works with --format html');
    // Two different scenarios side by side compare nothing: refused, naming both.
    r = await cli([
      'export',
      file,
      '--format',
      'html',
      '--vs',
      proactive.get('researcher/soap-list')!,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a session of researcher/soap-list, not researcher/meal-plan');
    r = await cli(['export', file, '--format', 'cast', '--size', '20x5']);
    expect(r.stderr).toContain('too small: at least 60x16');
    r = await cli(['export', file, '--format', 'cast', '--size', 'big']);
    expect(r.stderr).toContain('expected COLUMNSxROWS');
    const bad = path.join(work, 'bad.jsonl');
    writeFileSync(
      bad,
      readFileSync(file, 'utf8').split('\n').slice(0, 2).join('\n') +
        '\n{oops\n{"type":"turn_start","turn":1,"t":1}\n',
    );
    r = await cli(['export', bad, '--format', 'md']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:3: not JSON`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('writes to --out and says where', async () => {
    const out = path.join(work, 'x.md');
    const r = await cli([
      'export',
      proactive.get('researcher/meal-plan')!,
      '--format',
      'md',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('# researcher/meal-plan: One-week meal plan');
  });
});
