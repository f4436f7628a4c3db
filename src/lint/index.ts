/**
 * `intentplay lint`: authoring checks beyond the schema (see docs/authoring.md). Every
 * finding is located at the node of the scenario file it is about.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, UserError, sortDiagnostics } from '../contracts/diagnostics.ts';
import { requireLibrary, type Library, type LoadedScenario } from '../scenario/library.ts';
import { locate, parseYamlFile, type ParsedYaml } from '../scenario/yaml-file.ts';
import type { Finding } from './finding.ts';
import { checkIntents } from './intent-checks.ts';
import { checkReactiveDone } from './reactive-checks.ts';
import { checkWorkspaceFiles } from './workspace-checks.ts';
import { installedParadigms } from '../scenario/paradigms.ts';

export type { Finding, LintCheck } from './finding.ts';

export interface LintResult {
  diagnostics: Diagnostic[];
  /** Scenarios linted. */
  scenarios: number;
}

export async function lintPaths(
  paths: readonly string[],
  libraryOverride?: string,
): Promise<LintResult> {
  const byLibrary = new Map<string, { library: Library; scenarios: Map<string, LoadedScenario> }>();
  for (const p of paths) {
    if (!existsSync(p)) throw new UserError(`${p}: no such file or folder`);
    const abs = path.resolve(p);
    const library = requireLibrary(abs, libraryOverride);
    const entry = byLibrary.get(library.root) ?? { library, scenarios: new Map() };
    byLibrary.set(library.root, entry);
    const found = scenariosAt(library, abs);
    // A file that is no loaded scenario (broken, or not one at all) would be linted as nothing and pass.
    if (!found.length && !statSync(abs).isDirectory())
      throw new UserError(
        `${p}: no scenario of the library at ${library.root} loads from it (intentplay validate ${p} says why)`,
      );
    for (const s of found) entry.scenarios.set(s.id, s);
  }
  const findings: Finding[] = [];
  for (const { library, scenarios } of byLibrary.values()) {
    const list = [...scenarios.values()];
    for (const s of list) {
      findings.push(...checkIntents(s));
      for (const paradigm of installedParadigms())
        findings.push(...(paradigm.lint?.(s) ?? []).map((f) => ({ ...f, scenario: s })));
    }
    findings.push(...checkWorkspaceFiles(library, list));
    findings.push(...(await checkReactiveDone(library, list)));
  }
  const parsed = new Map<string, ParsedYaml | undefined>();
  const diagnostics = findings.map((f) => {
    if (!parsed.has(f.scenario.file))
      parsed.set(f.scenario.file, parseYamlFile(f.scenario.file).parsed);
    const doc = parsed.get(f.scenario.file);
    const at = doc ? locate(doc, f.path, f.key) : { line: 1, col: 1 };
    return {
      severity: 'warning' as const,
      file: f.scenario.file,
      ...at,
      message: `${f.message} [${f.check}]`,
    };
  });
  return {
    diagnostics: sortDiagnostics(diagnostics),
    scenarios: [...byLibrary.values()].reduce((n, e) => n + e.scenarios.size, 0),
  };
}

/** The scenarios a path names: a scenario file, an episode's sessions, or everything under a folder. */
function scenariosAt(library: Library, abs: string): LoadedScenario[] {
  if (statSync(abs).isDirectory())
    return [...library.scenarios.values()].filter(
      (s) => s.file.startsWith(abs + path.sep) || library.root === abs,
    );
  const episode = [...library.episodes.values()].find((e) => path.resolve(e.file) === abs);
  if (episode)
    return episode.sessions
      .map((id) => library.scenarios.get(id))
      .filter((s): s is LoadedScenario => Boolean(s));
  return [...library.scenarios.values()].filter((s) => path.resolve(s.file) === abs);
}
