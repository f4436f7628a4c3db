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
import {
  editDistance,
  locate,
  parseYamlFile,
  validateWith,
  type ParsedYaml,
} from '../scenario/yaml-file.ts';
import { BUNDLED_LIBRARY } from '../session/plan.ts';
import { StudySchema, type StudyFile } from './schema.ts';

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
  for (const part of ['before', 'after_each_session', 'final'] as const) {
    const seen = new Set<string>();
    value.questionnaires[part].forEach((q, i) => {
      if (seen.has(q.id))
        at(
          ['questionnaires', part, i],
          `question id \`${q.id}\` is used twice in \`questionnaires.${part}\` (give the second one its own \`id\`)`,
        );
      seen.add(q.id);
    });
  }
}
