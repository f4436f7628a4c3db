/**
 * `study export`: tidy CSV files, one row per observation, readable by pandas and R as they
 * are (RFC 4180 quoting, an empty field for missing, TRUE/FALSE), a codebook built from the same column
 * definitions, and a sha256 manifest (`sha256sum -c MANIFEST.sha256` checks it).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirOf, readStudyData, type ParticipantData } from './data.ts';
import type { Study } from './load.ts';
import { answersTable, exposureTable, pausesTable, timingsTable } from './log-tables.ts';
import {
  checklistTable,
  intentsTable,
  participantsTable,
  sessionsTable,
  turnsTable,
} from './session-tables.ts';
import { col, toCsv, type Cell, type ColumnType, type Table } from './table.ts';
import { pickVersions, shortVersion, type StudyVersion } from './versions.ts';
import { flowCounts, type Flow } from './status.ts';
import { anonymiseTables } from './anonymise.ts';
import { pagesTable } from './page-table.ts';
import { questionsTable, scoresTable } from './question-tables.ts';
import { INTENTPLAY_VERSION } from '../config/package-info.ts';

export { csvCell, toCsv, type ColumnType } from './table.ts';

/** The columns that end every table: which version of the study, which seed and which intentplay each row comes from. */
const PROVENANCE = [
  col(
    'study_version',
    'text',
    "the study file's version the participant ran under: the first 12 hex digits of its sha256 (its copy is study-VERSION.yaml)",
  ),
  col('seed', 'integer', "the design's seed (counterbalancing and randomisation)"),
  col('intentplay_version', 'text', 'the intentplay version the participant ran'),
];

function provenanceOf(p: ParticipantData): Cell[] {
  const header = p.sessions.find((s) => s.recording)?.recording?.header.protocol as
    { design?: { seed?: number }; intentplay?: string } | undefined;
  return [
    shortVersion(p.state.study.sha256),
    p.state.provenance?.seed ?? header?.design?.seed ?? null,
    p.state.provenance?.intentplay ?? header?.intentplay ?? null,
  ];
}

export function studyTables(study: Study, data: ParticipantData[]): Table[] {
  const tables = [
    participantsTable(data, study),
    sessionsTable(data),
    turnsTable(data),
    intentsTable(data),
    checklistTable(data),
    answersTable(data, study),
    scoresTable(study, data),
    pagesTable(data),
    timingsTable(data),
    pausesTable(data),
    exposureTable(data, study),
  ];
  // Every table's rows start with the participant's code.
  const prov = new Map(data.map((p) => [p.state.participant, provenanceOf(p)]));
  return tables.map((t) => ({
    ...t,
    columns: [...t.columns, ...PROVENANCE],
    rows: t.rows.map((r) => [...r, ...prov.get(String(r[0]))!]),
  }));
}

const TYPES: Record<ColumnType, string> = {
  integer: 'whole numbers',
  number: 'numbers, possibly with decimals',
  logical: '`TRUE` or `FALSE`',
  text: 'text (a column of text may hold only digits, e.g. an answer; read it as text)',
  datetime: 'UTC date and time, ISO 8601 (`2026-11-26T18:30:00.000Z`)',
};

/** How to read the files so that only empty fields are missing (a text answer `N/A` stays text). */
export const READING = [
  'Missing values are written one way only: an empty field (nothing between the commas). Text is never empty, and text such as `NA`, `N/A` or `null` is what the participant wrote. Read the files so that only empty fields count as missing:',
  '',
  '- pandas: `pd.read_csv(path, keep_default_na=False, na_values=[""])`',
  '- R: `read.csv(path, na.strings = "")`',
  '',
  'With each reader\'s defaults, numbers and logicals read the same, but pandas also turns text such as `N/A` or `NA` into NaN, and R leaves a missing text as `""`.',
];

function codebook(study: Study, tables: Table[], versions: StudyVersion[]): string {
  const lines = [
    `# Codebook: ${study.title}`,
    '',
    `Exported by intentplay ${INTENTPLAY_VERSION}. Versions of the study file in this export (each row's \`study_version\`; each file copied beside this one):`,
    '',
    ...versions.map(
      (v) =>
        `- \`${v.short}\` (sha256 ${v.sha256}): ${v.participants.length} participant${v.participants.length === 1 ? '' : 's'}${v.file ? `, study-${v.short}.yaml` : ', no copy of the file was kept'}`,
    ),
    '',
    ...READING,
    '',
    `Times in \`*_ms\` are on the monotonic clock. The same list, one row per column, is in \`codebook.csv\`. Types:`,
    '',
    ...Object.entries(TYPES).map(([type, about]) => `- \`${type}\`: ${about}`),
    '',
  ];
  lines.push(...questionLines(tables.find((t) => t.file === 'questions.csv')));
  for (const t of tables) {
    lines.push(
      `## ${t.file}`,
      '',
      `${t.about}; ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}.`,
      '',
      '| column | type | meaning |',
      '| --- | --- | --- |',
    );
    for (const c of t.columns)
      lines.push(`| \`${c.name}\` | ${c.type} | ${c.about.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Every question as the participant read it: wording, anchors or options, reverse coding, checks (questions.csv in words). */
function questionLines(questions: Table | undefined): string[] {
  if (!questions?.rows.length) return [];
  const at = (name: string) => questions.columns.findIndex((c) => c.name === name);
  const cell = (r: Cell[], name: string) => r[at(name)];
  const esc = (v: Cell) => String(v ?? '').replace(/\|/g, '\\|');
  const answers = (r: Cell[]): string => {
    if (cell(r, 'options')) return esc(cell(r, 'options'));
    if (cell(r, 'anchor_low') !== null)
      return `${cell(r, 'min')} = ${esc(cell(r, 'anchor_low'))} … ${cell(r, 'max')} = ${esc(cell(r, 'anchor_high'))}${cell(r, 'step') === 1 ? '' : ` (steps of ${cell(r, 'step')})`}`;
    if (cell(r, 'kind') === 'numeric')
      return `a number from ${cell(r, 'min')} to ${cell(r, 'max')}${cell(r, 'unit') ? ` (${esc(cell(r, 'unit'))})` : ''}`;
    return 'free text';
  };
  const notes = (r: Cell[]): string =>
    [
      cell(r, 'reversed') === true ? 'reverse-coded' : '',
      cell(r, 'multiple') === true ? 'several may be chosen' : '',
      cell(r, 'check') ? `${cell(r, 'check')} check, correct: ${cell(r, 'correct')}` : '',
      cell(r, 'optional') === true ? 'optional' : '',
    ]
      .filter(Boolean)
      .join('; ');
  const scoring = [
    ...new Map(
      questions.rows
        .filter((r) => cell(r, 'scoring'))
        .map((r) => [`${cell(r, 'part')}:${cell(r, 'question')}`, r]),
    ).values(),
  ];
  return [
    '## The questions',
    '',
    'Every item as the participant read it, in the order asked (the same in `questions.csv`). `answers.csv` stores the numbers shown here.',
    '',
    '| part | item | kind | wording | answers | notes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...questions.rows.map(
      (r) =>
        `| ${cell(r, 'part')} | \`${cell(r, 'item')}\` | ${cell(r, 'kind')} | ${esc([cell(r, 'title'), cell(r, 'wording')].filter(Boolean).join(': '))} | ${answers(r)} | ${notes(r)} |`,
    ),
    '',
    ...(scoring.length
      ? [
          'Scores (`scores.csv`):',
          '',
          ...scoring.map(
            (r) => `- \`${cell(r, 'question')}\` (${cell(r, 'part')}): ${esc(cell(r, 'scoring'))}`,
          ),
          '',
        ]
      : []),
  ];
}

/** The codebook as a table, for a script to check or convert the files by. */
function codebookTable(tables: Table[]): Pick<Table, 'columns' | 'rows'> {
  return {
    columns: [
      col('file', 'text', ''),
      col('column', 'text', ''),
      col('type', 'text', ''),
      col('meaning', 'text', ''),
    ],
    rows: tables.flatMap((t) => t.columns.map((c) => [t.file, c.name, c.type, c.about])),
  };
}

/** The recruitment flow as a CONSORT diagram counts it, one row per stage. */
function flowTable(f: Flow): Table {
  const stages: [keyof Flow, string][] = [
    ['invited', 'invitation tokens issued with `study invite` (missing: none were)'],
    ['declined', 'answered no on the consent page (nothing else of them is kept)'],
    ['left_at_consent', 'left the consent page without answering (ctrl+c; nothing else kept)'],
    ['started', 'consented, withdrawn participants included'],
    ['withdrawn', 'withdrawn with `study withdraw` (their data deleted)'],
    ['excluded', 'screened out by the check rule (`checks.on_fail: exclude`); their data is kept'],
    ['completed', 'reached the end of the study'],
    ['in_progress', 'consented, not finished, not withdrawn, not excluded'],
  ];
  return {
    file: 'flow.csv',
    about:
      'the recruitment flow (CONSORT), anonymous counts over the whole data folder: one row per stage',
    columns: [
      col('stage', 'text', 'the stage'),
      col('count', 'integer', 'how many people'),
      col('meaning', 'text', 'what the stage counts'),
    ],
    rows: stages.map(([stage, meaning]) => [stage, f[stage], meaning]),
  };
}

export interface ExportOptions {
  /** `--version`: one version's sha256 (or prefix), or `all`. */
  version?: string | undefined;
  /** The variant for sharing: codes re-keyed, times from each participant's consent, written text withheld. */
  anonymise?: boolean | undefined;
}

/** Writes the CSV files, the study file of each version, codebook.md and MANIFEST.sha256 into `out`; returns the files written. */
export function exportStudyData(
  study: Study,
  dataDir: string | undefined,
  out: string,
  opts: ExportOptions = {},
): string[] {
  const dir = dataDirOf(study, dataDir);
  const { data, versions } = pickVersions(
    study,
    dir,
    readStudyData(study, dir),
    opts.version,
    true,
  );
  const all = [
    ...studyTables(study, data),
    questionsTable(study),
    flowTable(flowCounts(dir, data)),
  ];
  const tables = opts.anonymise ? anonymiseTables(study, data, all) : all;
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  for (const t of tables) {
    writeFileSync(path.join(out, t.file), toCsv(t));
    files.push(t.file);
  }
  for (const v of versions)
    if (v.file) {
      copyFileSync(v.file, path.join(out, `study-${v.short}.yaml`));
      files.push(`study-${v.short}.yaml`);
    }
  writeFileSync(path.join(out, 'codebook.md'), codebook(study, tables, versions));
  writeFileSync(path.join(out, 'codebook.csv'), toCsv(codebookTable(tables)));
  files.push('codebook.md', 'codebook.csv');
  const manifest =
    files
      .map(
        (f) =>
          `${createHash('sha256')
            .update(readFileSync(path.join(out, f)))
            .digest('hex')}  ${f}`,
      )
      .join('\n') + '\n';
  writeFileSync(path.join(out, 'MANIFEST.sha256'), manifest);
  return [...files, 'MANIFEST.sha256'];
}
