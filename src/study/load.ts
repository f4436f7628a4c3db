/**
 * Reads a study file: positioned YAML → the strict zod schema → located diagnostics, then the
 * checks that need the library (every scenario id exists) and the questionnaires (ids unique).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UserError, type Diagnostic } from '../contracts/diagnostics.ts';
import {
  findLibraryRoot,
  loadLibrary,
  type Library,
  type LoadedScenario,
} from '../scenario/library.ts';
import { locate, parseYamlFile, type ParsedYaml } from '../scenario/yaml-file.ts';
import { editDistance, validateWith } from '../scenario/yaml-validate.ts';
import { BUNDLED_LIBRARY } from '../session/plan.ts';
import { StudySchema, type Question, type StudyFile } from './schema.ts';

export interface Study extends StudyFile {
  file: string;
  library: string;
  /** The loaded library the scenario ids resolve in. */
  lib: Library;
  scenarioFiles: LoadedScenario[];
  /** sha256 of the study file's bytes: the protocol a participant ran under. */
  sha256: string;
}

/** Loads and checks a study; throws a UserError with every located problem. */
export function loadStudy(file: string): Study {
  const abs = path.resolve(file);
  const { parsed, diagnostics } = parseYamlFile(abs);
  if (!parsed) throw new UserError(`${file}: not a valid study file`, diagnostics);
  const { value, diagnostics: bad } = validateWith(parsed, StudySchema, 'study');
  if (!value)
    throw new UserError(
      `${file}: not a valid study file (${bad.length} problem${bad.length === 1 ? '' : 's'})`,
      bad,
    );
  const problems: Diagnostic[] = [];
  const at = (p: PropertyKey[], message: string, key?: string) =>
    problems.push({ severity: 'error', file: abs, ...locate(parsed, p, key), message });
  const libRoot = value.library ? path.resolve(path.dirname(abs), value.library) : BUNDLED_LIBRARY;
  const root = findLibraryRoot(libRoot);
  if (!root) {
    at(['library'], `no scenario library at ${libRoot} (a library has a personas/ folder)`);
    throw new UserError(`${file}: not a valid study file`, problems);
  }
  const lib = loadLibrary(root).library;
  const scenarioFiles: LoadedScenario[] = [];
  value.scenarios.forEach((id, i) => {
    const s = lib.scenarios.get(id);
    if (s) scenarioFiles.push(s);
    else {
      const close = [...lib.scenarios.keys()]
        .filter((k) => editDistance(k, id) <= 3 || k.endsWith(`/${id}`))
        .slice(0, 3);
      at(
        ['scenarios', i],
        `no scenario \`${id}\` in the library at ${root}${close.length ? ` (did you mean ${close.join(', ')}?)` : ''}`,
      );
    }
  });
  const conditions = Object.keys(value.conditions).length;
  if (value.design.type === 'within' && value.scenarios.length < conditions)
    at(
      ['scenarios'],
      `a within-subjects design plays each condition on its own scenario: list at least ${conditions} scenarios (one per condition), not ${value.scenarios.length}`,
    );
  checkUniqueIds(parsed, value, at);
  if (problems.length)
    throw new UserError(
      `${file}: not a valid study file (${problems.length} problem${problems.length === 1 ? '' : 's'})`,
      problems,
    );
  return {
    ...value,
    file: abs,
    library: root,
    lib,
    scenarioFiles,
    sha256: createHash('sha256').update(readFileSync(abs)).digest('hex'),
  };
}

function checkUniqueIds(
  _parsed: ParsedYaml,
  value: StudyFile,
  at: (p: PropertyKey[], message: string) => void,
): void {
  const sessions = value.scenarios.length;
  for (const part of ['before', 'after_each_session', 'final'] as const) {
    const seen = new Set<string>();
    value.questionnaires[part].forEach((q, i) => {
      // A scale's items are answered under their own ids: those must be unique too.
      const ids = q.kind === 'scale' ? [q.id, ...q.items.map((x) => x.id)] : [q.id];
      for (const id of ids) {
        if (seen.has(id))
          at(
            ['questionnaires', part, i],
            `question id \`${id}\` is used twice in \`questionnaires.${part}\` (give the second one its own \`id\`)`,
          );
        seen.add(id);
      }
      if (q.kind === 'preference' && part !== 'final')
        at(
          ['questionnaires', part, i],
          'a preference between two sessions is asked in `questionnaires.final`, after both sessions',
        );
      if (q.kind === 'preference' && Math.max(...q.sessions) > sessions)
        at(
          ['questionnaires', part, i, 'sessions'],
          `each participant plays ${sessions} session${sessions === 1 ? '' : 's'}: compare sessions 1 to ${sessions}`,
        );
      const wrong = correctProblem(q);
      if (wrong) at(['questionnaires', part, i, 'correct'], wrong);
    });
  }
}

/** A check's correct answer must be one the participant can give. */
function correctProblem(q: Question): string | undefined {
  if (!('correct' in q) || q.correct === undefined) return undefined;
  const c = q.correct;
  if (q.kind === 'likert')
    return typeof c === 'number' && Number.isInteger(c) && c >= 1 && c <= q.scale
      ? undefined
      : `\`correct\` is a point of the scale: a whole number from 1 to ${q.scale}`;
  if (q.kind === 'numeric')
    return typeof c === 'number' && c >= q.min && c <= q.max
      ? undefined
      : `\`correct\` is a number from ${q.min} to ${q.max}`;
  if (q.kind === 'choice') {
    const codes = [c].flat();
    const ok = codes.every((x) => Number.isInteger(x) && x >= 1 && x <= q.options.length);
    if (!ok) return `\`correct\` names options by number, 1 to ${q.options.length}`;
    if (!q.multiple && Array.isArray(c))
      return 'one answer may be chosen here: `correct` is one option number';
  }
  return undefined;
}
