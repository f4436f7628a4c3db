/**
 * What a study's data says, through the runner (no screen): who ended each session, one study
 * file version per export unless asked, nothing but a count from someone who leaves at the
 * consent page, and missing values written one way (a text answer "N/A" stays text in pandas and R).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFlow } from '../../src/study/enrol.ts';
import { exportStudyData } from '../../src/study/export.ts';
import { loadStudy } from '../../src/study/load.ts';
import { listParticipants } from '../../src/study/participant.ts';
import { studyReport } from '../../src/study/report.ts';
import { StudyRunner } from '../../src/tui/session/study-runner.ts';
import { studyYaml, writeStudy } from './helpers.ts';
import { answerAll, playSession } from './run-helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function fresh(text = studyYaml()) {
  const w = writeStudy(text);
  dirs.push(w.dir);
  return { ...w, data: path.join(w.dir, 'data') };
}
const rows = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(','));

describe('who ended a session', () => {
  it('names the participant, the time limit or the operator in sessions.csv and on the intents they closed', async () => {
    // tester/plan waits for the user in either condition, so each session is ended early.
    const twice = (extra = '') =>
      studyYaml(extra).replace('[tester/gear, tester/plan]', '[tester/plan, tester/plan]');
    const w = fresh(twice());
    const study = loadStudy(w.file);
    // P01 ends their sessions with ctrl+d; P02's are ended by the researcher, while paused.
    const ends = {
      P01: (r: StudyRunner) => r.store.getState().live!.endSession(),
      P02: (r: StudyRunner) => (r.togglePause(), r.operatorEnd()),
    };
    for (const [id, end] of Object.entries(ends)) {
      const a = new StudyRunner(study, w.data, id, { date: '2025-01-01' });
      a.agree();
      a.next();
      for (let k = 0; k < 2; k++) {
        await playSession(a, end);
        expect(a.store.getState().paused).toBe(false);
        answerAll(a, 3);
      }
    }
    // The same study with a time limit short enough to end the sessions the agent does not resolve at once.
    const t = fresh(twice('time_limit: 0.3s\n'));
    const timed = loadStudy(t.file);
    const b = new StudyRunner(timed, t.data, 'P02', { date: '2025-01-01' });
    b.agree();
    b.next();
    for (let k = 0; k < 2; k++) {
      await playSession(b);
      answerAll(b, 3);
    }

    exportStudyData(study, w.data, path.join(w.dir, 'out'));
    exportStudyData(timed, t.data, path.join(t.dir, 'out'));
    const ended = (dir: string) => {
      const [head, ...body] = rows(path.join(dir, 'out/sessions.csv'));
      return body.map((r) => ({
        who: r[0],
        session: r[1],
        end: r[head!.indexOf('end')],
        by: r[head!.indexOf('ended_by')],
      }));
    };
    const byOf = (dir: string) => {
      const [head, ...body] = rows(path.join(dir, 'out/intents.csv'));
      return body
        .filter((r) => r[head!.indexOf('cause')] === 'manual')
        .map((r) => ({ who: r[0], session: r[1], setBy: r[head!.indexOf('set_by')] }));
    };
    const expected: Record<string, string> = { P01: 'participant', P02: 'operator' };
    for (const s of ended(w.dir))
      expect(s.by).toBe(s.end === 'ended' ? expected[s.who!] : 'scenario');
    for (const s of ended(t.dir)) expect(s.by).toBe(s.end === 'ended' ? 'time_limit' : 'scenario');
    expect(ended(t.dir).some((s) => s.by === 'time_limit')).toBe(true);
    for (const dir of [w.dir, t.dir]) {
      const sessions = ended(dir);
      const manual = byOf(dir);
      expect(manual.length).toBeGreaterThan(0);
      // Every intent closed at an early end is set by whoever ended that session, never a made-up operator.
      for (const m of manual)
        expect(m.setBy).toBe(sessions.find((s) => s.who === m.who && s.session === m.session)!.by);
    }
    expect(byOf(w.dir).map((m) => m.setBy)).toEqual(
      expect.arrayContaining(['participant', 'operator']),
    );
    expect(byOf(t.dir).map((m) => m.setBy)).toContain('time_limit');
  }, 60_000);
});

describe('versions of the study file', () => {
  it('refuses to mix participants of two versions; --version picks one or all, and every row says its version', async () => {
    const w = fresh();
    const v1 = loadStudy(w.file);
    for (const [id, study] of [['P01', v1]] as const) {
      const r = new StudyRunner(study, w.data, id, { date: '2025-01-01' });
      r.agree();
      r.stop();
    }
    // The pilot is over; a question is reworded and the real participants run into the same folder.
    writeFileSync(
      w.file,
      readFileSync(w.file, 'utf8').replace(
        'The assistant was helpful.',
        'The assistant helped me.',
      ),
    );
    const v2 = loadStudy(w.file);
    const r = new StudyRunner(v2, w.data, 'P02', { date: '2025-01-01' });
    r.agree();
    r.stop();
    const short = (s: { sha256: string }) => s.sha256.slice(0, 12);
    expect(() => exportStudyData(v2, w.data, path.join(w.dir, 'mixed'))).toThrow(
      new RegExp(
        `2 versions of the study file:\\n  ${short(v1)}: 1 participant \\(P01\\)\\n  ${short(v2)} \\(this file\\): 1 participant \\(P02\\)`,
      ),
    );
    expect(() => studyReport(v2, w.data, 'text')).toThrow(/--version SHA/);
    expect(() => studyReport(v2, w.data, 'text', 'all')).toThrow(
      /the report describes one version/,
    );

    exportStudyData(v2, w.data, path.join(w.dir, 'all'), { version: 'all' });
    const [head, ...body] = rows(path.join(w.dir, 'all/participants.csv'));
    const at = head!.indexOf('study_version');
    expect(body.map((x) => [x[0], x[at]])).toEqual([
      ['P01', short(v1)],
      ['P02', short(v2)],
    ]);
    // Each version's study file comes along, byte for byte as it was run.
    expect(readFileSync(path.join(w.dir, `all/study-${short(v1)}.yaml`), 'utf8')).toContain(
      'The assistant was helpful.',
    );
    expect(readFileSync(path.join(w.dir, `all/study-${short(v2)}.yaml`), 'utf8')).toContain(
      'The assistant helped me.',
    );
    expect(readFileSync(path.join(w.dir, 'all/codebook.md'), 'utf8')).toContain(
      `\`${short(v1)}\` (sha256 ${v1.sha256}): 1 participant`,
    );

    exportStudyData(v2, w.data, path.join(w.dir, 'one'), { version: short(v1).slice(0, 6) });
    expect(
      rows(path.join(w.dir, 'one/participants.csv'))
        .slice(1)
        .map((x) => x[0]),
    ).toEqual(['P01']);
    expect(studyReport(v2, w.data, 'text', short(v2))).toContain('Test study');
  });
});

describe('the consent page', () => {
  it('someone who declines or leaves there leaves only an anonymous count, and no Latin-square row is used', () => {
    const w = fresh();
    const study = loadStudy(w.file);
    const left = new StudyRunner(study, w.data, 'LEFT1');
    left.stop(); // ctrl+c on the consent page
    expect(left.store.getState().over).toBe('left');
    const no = new StudyRunner(study, w.data, 'NO1');
    no.decline();
    expect(existsSync(path.join(w.data, 'participants'))).toBe(false);
    const files = readdirSync(w.data);
    expect(files.filter((f) => !f.startsWith('.'))).toEqual(['flow.json']);
    expect(readFileSync(path.join(w.data, 'flow.json'), 'utf8')).not.toMatch(
      /LEFT1|NO1|\d{4}-\d\d/,
    );
    expect(readFlow(w.data)).toEqual({ declined: 1, left_at_consent: 1, withdrawn: 0 });
    const yes = new StudyRunner(study, w.data, 'P01');
    yes.agree();
    yes.stop();
    expect(listParticipants(w.data)).toEqual(['P01']);
    expect(yes.participant.ordinal).toBe(0);
  });
});

const PYTHON = ['/usr/bin/python3', 'python3'].find(
  (c) => spawnSync(c, ['-c', 'import pandas'], { stdio: 'ignore' }).status === 0,
);
const RSCRIPT =
  spawnSync('Rscript', ['--version'], { stdio: 'ignore' }).status === 0 ? 'Rscript' : undefined;

describe('missing values', () => {
  const w = fresh(
    studyYaml().replace(
      'text: Anything else? }',
      'text: Anything else? }\n    - { kind: text, id: more, text: More?, optional: true }',
    ),
  );
  const out = path.join(w.dir, 'out');
  async function exportOne() {
    if (existsSync(out)) return;
    const study = loadStudy(w.file);
    const r = new StudyRunner(study, w.data, 'P01', { date: '2025-01-01' });
    r.agree();
    r.next();
    for (let k = 0; k < 2; k++) {
      await playSession(r, (x) => x.store.getState().live!.endSession());
      answerAll(r, 4);
    }
    r.answer(r.items(r.store.getState().step)[0]!, 'N/A'); // what the participant typed
    r.answer(r.items(r.store.getState().step)[1]!, null); // skipped
    r.questionnaireDone();
    exportStudyData(study, w.data, out);
  }
  const codebook = () => readFileSync(path.join(out, 'codebook.md'), 'utf8');

  it('writes a skipped answer as an empty field and the text N/A as text, and the codebook says how to read them', async () => {
    await exportOne();
    const answers = readFileSync(path.join(out, 'answers.csv'), 'utf8');
    expect(answers).toMatch(/\nP01,final,,,,comments,comments,text,N\/A,/);
    expect(answers).toMatch(/\nP01,final,,,,more,more,text,,/);
    expect(codebook()).toContain('pd.read_csv(path, keep_default_na=False, na_values=[""])');
    expect(codebook()).toContain('read.csv(path, na.strings = "")');
  }, 60_000);

  /** The final answers as the codebook says to read them: `comments` and `more`, each as the reader sees it. */
  const READ = {
    py: `import pandas as pd, sys\nd = pd.read_csv(sys.argv[1], keep_default_na=False, na_values=[""])\nf = d[d.part == "final"].set_index("item")["value"]\nprint(repr(f["comments"]), pd.isna(f["more"]))`,
    r: `d <- read.csv(commandArgs(TRUE)[1], na.strings = ""); f <- d[d$part == "final", ]; cat(f$value[f$item == "comments"], is.na(f$value[f$item == "more"]))`,
  };
  it.skipIf(!PYTHON)(
    'pandas, read as the codebook says, keeps N/A as text and the skipped answer as missing',
    async () => {
      await exportOne();
      const run = spawnSync(PYTHON!, ['-c', READ.py, path.join(out, 'answers.csv')], {
        encoding: 'utf8',
      });
      expect(run.stdout.trim()).toBe("'N/A' True");
    },
    60_000,
  );
  it.skipIf(!RSCRIPT)(
    'R, read as the codebook says, keeps N/A as text and the skipped answer as missing',
    async () => {
      await exportOne();
      const run = spawnSync(RSCRIPT!, ['-e', READ.r, path.join(out, 'answers.csv')], {
        encoding: 'utf8',
      });
      expect(run.stdout.trim()).toBe('N/A TRUE');
    },
    60_000,
  );
});

describe('questionnaires before the sessions', () => {
  it('asks them after the instructions and before the first session, and exports them as part before', async () => {
    const w = fresh(
      studyYaml().replace(
        'questionnaires:\n',
        'questionnaires:\n  before:\n    - { kind: likert, id: ai_use, text: I use AI assistants often., scale: 5 }\n',
      ),
    );
    const study = loadStudy(w.file);
    const r = new StudyRunner(study, w.data, 'P01', { date: '2025-01-01' });
    r.agree();
    r.next();
    expect(r.store.getState().step).toEqual({ kind: 'before' });
    expect(r.items(r.store.getState().step).map((i) => i.item)).toEqual(['ai_use']);
    answerAll(r, 2);
    expect(r.store.getState().step).toEqual({ kind: 'ready', session: 0 });
    exportStudyData(study, w.data, path.join(w.dir, 'out'));
    expect(readFileSync(path.join(w.dir, 'out/answers.csv'), 'utf8')).toMatch(
      /\nP01,before,,,,ai_use,ai_use,likert,2,/,
    );
  });
});
