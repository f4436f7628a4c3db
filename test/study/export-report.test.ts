/**
 * Export and report over real study data: two participants run through the runner (no
 * screen), then the CSV files' columns, the codebook, the manifest, and the report's figures.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStudyData, scoresOf, setBy } from '../../src/study/data.ts';
import { pairedRows } from '../../src/study/paired.ts';
import { csvCell, exportStudyData, studyTables } from '../../src/study/export.ts';
import { loadStudy, type Study } from '../../src/study/load.ts';
import { bootstrapMean, conditionRows, studyReport } from '../../src/study/report.ts';
import type { SessionController } from '../../src/tui/session/controller.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { studyYaml, writeStudy } from './helpers.ts';

let dir = '';
let study: Study;
let data = '';

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('timed out');
}

/** One participant through the whole path, answering `rating` to every scale item and a sentence with a comma and quotes. */
async function participant(id: string, rating: number) {
  const runner = new StudyRunner(study, data, id, { date: '2025-01-01' });
  runner.agree();
  runner.next();
  for (let k = 0; k < 2; k++) {
    runner.next(); // ready → session
    const live = runner.store.getState().live!;
    await until(() => Boolean(live.control.getState().opening));
    // What a screen would report: the opening card, then (narrow) the conversation and then the goals tab.
    const screen: SessionController = live;
    screen.screenShows?.(['opening_card'], 'narrow');
    live.begin();
    screen.screenShows?.(['conversation'], 'narrow');
    screen.screenShows?.(['intents'], 'narrow');
    await until(
      () =>
        Boolean(runner.store.getState().ended) ||
        live.store.getState().session.awaiting?.role === 'user',
    );
    if (!runner.store.getState().ended) {
      live.sendUser('Keep each meal under 25 RMB, "please".', []);
      await until(
        () =>
          Boolean(runner.store.getState().ended) ||
          (live.store.getState().session.awaiting?.role === 'user' &&
            live.store.getState().session.turn >= 2),
      );
      if (!runner.store.getState().ended) live.endSession();
      await until(() => Boolean(runner.store.getState().ended));
    }
    runner.afterSession();
    for (const item of runner.items(runner.store.getState().step))
      runner.answer(item, item.kind === 'tlx' ? 50 : rating);
    runner.questionnaireDone();
  }
  for (const item of runner.items(runner.store.getState().step)) {
    let answer: string | number = item.kind === 'tlx' ? 40 : rating;
    if (item.kind === 'text') answer = 'Fine, but "slow"\nat times.';
    runner.answer(item, answer);
  }
  runner.questionnaireDone();
  runner.next();
}

beforeAll(async () => {
  const written = writeStudy(
    studyYaml()
      .replace('scale: 5 }', 'scale: 5 }\n    - { kind: sus }\n    - { kind: tlx }')
      .replace('[tester/gear, tester/plan]', '[tester/plan, tester/gear]'),
  );
  dir = written.dir;
  study = loadStudy(written.file);
  data = path.join(dir, 'data');
  await participant('P01', 3);
  await participant('P02', 5);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const csv = (file: string) => readFileSync(path.join(dir, 'out', file), 'utf8');
const header = (file: string) => csv(file).split('\n')[0]!.split(',');

describe('study export', () => {
  it('writes tidy CSV files with the documented columns, a codebook of every column and a sha256 manifest', () => {
    const files = exportStudyData(study, data, path.join(dir, 'out'));
    expect(files).toEqual([
      'participants.csv',
      'sessions.csv',
      'turns.csv',
      'intents.csv',
      'checklist.csv',
      'answers.csv',
      'scores.csv',
      'pages.csv',
      'timings.csv',
      'pauses.csv',
      'exposure.csv',
      'questions.csv',
      'flow.csv',
      `study-${study.sha256.slice(0, 12)}.yaml`,
      'codebook.md',
      'codebook.csv',
      'MANIFEST.sha256',
    ]);
    // The study file as the participants ran it travels with the data.
    expect(csv(`study-${study.sha256.slice(0, 12)}.yaml`)).toBe(readFileSync(study.file, 'utf8'));
    const PROVENANCE = ['study_version', 'seed', 'intentplay_version'];
    expect(header('sessions.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'ordinal',
      'attempts',
      'end',
      'ended_by',
      'turns',
      'proc',
      'comp',
      'duration_s',
      'intents',
      'completed',
      'inferred',
      'provided',
      'unresolved',
      'checklist_graded',
      'checklist_passed',
      'user_messages',
      'sus',
      'tlx_raw',
      'started',
      'recording',
      ...PROVENANCE,
    ]);
    expect(header('answers.csv')).toEqual([
      'participant',
      'part',
      'session',
      'condition',
      'scenario',
      'question',
      'item',
      'kind',
      'value',
      'value_label',
      'check_passed',
      'wall',
      'shown',
      'latency_ms',
      ...PROVENANCE,
    ]);
    expect(header('intents.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'intent',
      'turn',
      'from',
      'to',
      'cause',
      'set_by',
      't_ms',
      'wall',
      ...PROVENANCE,
    ]);
    expect(header('timings.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'turn',
      'first_key_ms',
      'send_ms',
      'paused_ms',
      'chars',
      'wall',
      ...PROVENANCE,
    ]);
    expect(header('checklist.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'item',
      'pass',
      'by',
      'turn',
      'reason',
      't_ms',
      ...PROVENANCE,
    ]);
    expect(header('turns.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'turn',
      'user_message',
      'agent_message',
      'tool_calls',
      'start_ms',
      'end_ms',
      'start_wall',
      ...PROVENANCE,
    ]);

    const sessions = csv('sessions.csv').trim().split('\n').slice(1);
    expect(sessions).toHaveLength(4);
    // Participant 1 gets one order, participant 2 the other: the conditions swap.
    expect(sessions.map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'P01,1,proactive,tester/plan',
      'P01,2,reactive,tester/gear',
      'P02,1,reactive,tester/plan',
      'P02,2,proactive,tester/gear',
    ]);
    // SUS of all 3s is 50, of all 5s is 50 too (odd 5 → 4, even 5 → 0); raw TLX of 50s is 50.
    expect(sessions.map((l) => l.split(',')[20])).toEqual(['50', '50', '50', '50']);
    expect(sessions.map((l) => l.split(',')[21])).toEqual(['50', '50', '50', '50']);

    const answers = csv('answers.csv');
    expect(answers.split('\n').filter((l) => l.startsWith('P01,session,1,')).length).toBe(
      1 + 10 + 6,
    );
    expect(answers).toContain(
      'P01,final,,,,comments,comments,text,"Fine, but ""slow""\nat times.",',
    );
    expect(csv('intents.csv')).toMatch(/,reveal,participant,|,evidence,rules,|,question,rules,/);
    expect(csv('timings.csv').trim().split('\n')).toHaveLength(1 + 3); // one typed message in each session the agent did not resolve alone

    // What was on screen: one row per span, hidden information flagged, both clocks.
    expect(header('exposure.csv')).toEqual([
      'participant',
      'session',
      'condition',
      'scenario',
      'part',
      'hidden_info',
      'content',
      'layout',
      'run',
      'start_ms',
      'end_ms',
      'duration_ms',
      'start_wall',
      'end_wall',
      ...PROVENANCE,
    ]);
    const exposure = csv('exposure.csv')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(
      exposure.filter((r) => r[0] === 'P01' && r[1] === '1').map((r) => [r[4], r[5], r[6], r[7]]),
    ).toEqual([
      ['opening_card', 'TRUE', 'request and goals', 'narrow'],
      ['conversation', 'FALSE', 'conversation', 'narrow'],
      ['intents', 'TRUE', 'goals (no statuses)', 'narrow'],
    ]);
    expect(exposure).toHaveLength(2 * 2 * 3);
    for (const r of exposure) {
      expect(Number(r[11])).toBe(Number(r[10]) - Number(r[9]));
      expect(Number(r[11])).toBeGreaterThanOrEqual(0);
      expect(r[12]! <= r[13]!).toBe(true);
      expect(r[13]).toMatch(/^\d{4}-\d\d-\d\dT/);
    }

    const codebook = csv('codebook.md');
    for (const file of [
      'sessions.csv',
      'answers.csv',
      'intents.csv',
      'timings.csv',
      'checklist.csv',
      'turns.csv',
      'participants.csv',
      'pauses.csv',
      'exposure.csv',
    ])
      for (const column of header(file)) expect(codebook).toContain(`| \`${column}\` |`);
    for (const line of csv('MANIFEST.sha256').trim().split('\n')) {
      const [hash, file] = line.split('  ');
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(dir, 'out', file!)))
          .digest('hex'),
      ).toBe(hash);
    }
  });

  it('quotes what CSV needs quoted and writes missing one way, as an empty field (text NA stays text)', () => {
    expect([
      csvCell(null),
      csvCell(undefined),
      csvCell(true),
      csvCell('a,b'),
      csvCell('say "hi"'),
      csvCell('NA'),
      csvCell(0.5),
    ]).toEqual(['', '', 'TRUE', '"a,b"', '"say ""hi"""', 'NA', '0.5']);
  });

  it('--anonymise re-keys the codes, counts time from each consent, and withholds what participants wrote', () => {
    const out = path.join(dir, 'anon');
    exportStudyData(study, data, out, { anonymise: true });
    const read = (f: string) => readFileSync(path.join(out, f), 'utf8');
    for (const f of [
      'participants.csv',
      'sessions.csv',
      'turns.csv',
      'answers.csv',
      'exposure.csv',
      'timings.csv',
    ]) {
      expect(read(f)).not.toMatch(/P0[12]/);
      expect(read(f)).not.toMatch(/\d{4}-\d\d-\d\dT/); // no date or time of day
    }
    const participants = read('participants.csv').trim().split('\n').slice(1);
    expect(participants.map((l) => l.split(',')[0]).sort()).toEqual(['A01', 'A02']);
    // Consent is the zero of each participant's clock.
    const head = read('participants.csv').split('\n')[0]!.split(',');
    for (const l of participants) expect(l.split(',')[head.indexOf('consented')]).toBe('0');
    expect(read('answers.csv')).not.toContain('slow');
    expect(read('turns.csv')).not.toContain('Keep each meal under 25 RMB');
    expect(read('codebook.csv')).toContain("anonymised: seconds from the participant's consent");
  });

  it('names who set each status', () => {
    expect([
      setBy('evidence', 'rules'),
      setBy('question', 'openai'),
      setBy('reveal', 'rules'),
      setBy('manual', 'rules', 'time_limit'),
      setBy('manual', 'rules', 'participant'),
      setBy('manual', 'rules', 'operator'),
      setBy('max_turns', 'openai'),
    ]).toEqual(['rules', 'judge', 'participant', 'time_limit', 'participant', 'operator', 'rules']);
  });
});

/** The first of `candidates` that runs `args` cleanly (python3 on PATH may be one without pandas). */
function firstThatRuns(candidates: string[], args: string[]): string | undefined {
  return candidates.find(
    (c) => spawnSync(c, args, { stdio: 'ignore', timeout: 20_000 }).status === 0,
  );
}
const PYTHON = firstThatRuns(['/usr/bin/python3', 'python3', 'python'], ['-c', 'import pandas']);
const RSCRIPT = firstThatRuns(['Rscript'], ['--version']);
const READERS = path.join(path.dirname(new URL(import.meta.url).pathname), 'readers');

describe('the export read as is by pandas and R', () => {
  /** Each file's line from a reader script: columns, rows and the problems it found. */
  function readWith(command: string, script: string) {
    const out = path.join(dir, 'out-readers');
    const tables = studyTables(study, readStudyData(study, data));
    exportStudyData(study, data, out);
    const run = spawnSync(command, [path.join(READERS, script), out], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Error|Traceback/);
    expect(run.status).toBe(0);
    const lines = run.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => l[0])).toEqual([
      ...tables.map((t) => t.file),
      'questions.csv',
      'flow.csv',
    ]);
    expect(lines.find((l) => l[0] === 'flow.csv')).toEqual(['flow.csv', '3', '8', '']);
    for (const t of tables) {
      const [, columns, rows, problems] = lines.find((l) => l[0] === t.file)!;
      expect({ file: t.file, columns: Number(columns), rows: Number(rows), problems }).toEqual({
        file: t.file,
        columns: t.columns.length,
        rows: t.rows.length,
        problems: '',
      });
    }
  }

  it.skipIf(!PYTHON)(
    "pandas reads every CSV file with the codebook's columns and types",
    { timeout: 60_000 },
    () => readWith(PYTHON!, 'check-export.py'),
  );
  it.skipIf(!RSCRIPT)(
    "R (read.csv) reads every CSV file with the codebook's columns and types",
    { timeout: 60_000 },
    () => readWith(RSCRIPT!, 'check-export.R'),
  );
});

describe('study report', () => {
  it('bootstrap intervals are seeded, contain the mean, and collapse on constant data', () => {
    const v = [0.2, 0.5, 0.9, 0.4, 0.7, 1, 0.3];
    const a = bootstrapMean(v, 5);
    expect(bootstrapMean(v, 5)).toEqual(a);
    expect(a.mean).toBeCloseTo(4 / 7, 10);
    expect(a.lo!).toBeLessThan(a.mean!);
    expect(a.hi!).toBeGreaterThan(a.mean!);
    expect(bootstrapMean([50, 50, 50], 1)).toMatchObject({ mean: 50, lo: 50, hi: 50 });
    expect(bootstrapMean([], 1).mean).toBeNull();
  });

  it('gives paired within-participant differences per condition pair, equal to the hand calculation, with intervals', () => {
    const d = readStudyData(study, data);
    const paired = pairedRows(study, d);
    expect(paired.map((r) => [r.pair, r.participants])).toEqual([['proactive − reactive', 2]]);
    // By hand: each participant's Proc under proactive minus under reactive, then the mean.
    const procOf = (p: (typeof d)[number], c: string) =>
      scoresOf(p.sessions.find((s) => s.condition === c)!.recording).proc!;
    const diffs = d.map((p) => procOf(p, 'proactive') - procOf(p, 'reactive'));
    expect(paired[0]!.measures.proc.mean).toBeCloseTo((diffs[0]! + diffs[1]!) / 2, 10);
    expect(paired[0]!.measures.proc.n).toBe(2);
    expect(paired[0]!.measures.proc.lo!).toBeLessThanOrEqual(paired[0]!.measures.proc.mean!);
    // SUS of 3s and of 5s are both 50 in each condition: no difference.
    expect(paired[0]!.measures.sus).toMatchObject({ n: 2, mean: 0, lo: 0, hi: 0 });
    const text = studyReport(study, data, 'text');
    expect(text).toContain('Paired differences within participants');
    expect(text).toMatch(/proactive − reactive\s+2\s+/);
    expect(studyReport(study, data, 'md')).toContain('| proactive − reactive | 2 |');
    expect(pairedRows({ ...study, design: { ...study.design, type: 'between' } }, d)).toEqual([]);
  });

  it('gives each condition its sessions, Proc, SUS and TLX, in text, Markdown and HTML', () => {
    const rows = conditionRows(study, data);
    expect(rows.map((r) => [r.condition, r.participants, r.sessions])).toEqual([
      ['proactive', 2, 2],
      ['reactive', 2, 2],
    ]);
    const pro = rows[0]!.measures;
    expect(pro.sus).toMatchObject({ n: 2, mean: 50, lo: 50, hi: 50 });
    expect(pro.tlx).toMatchObject({ n: 2, mean: 50 });
    expect(pro.proc.mean!).toBeGreaterThan(rows[1]!.measures.proc.mean!);
    expect(studyReport(study, data, 'text')).toMatch(/Condition\s+Participants\s+Sessions\s+Proc/);
    expect(studyReport(study, data, 'md')).toContain('| proactive | 2 | 2 |');
    expect(studyReport(study, data, 'html')).toContain('<th>SUS (0-100)</th>');
  });
});
