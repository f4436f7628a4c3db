/**
 * `intentplay import`: a π-Bench user folder → an editable intentplay library with the
 * same content. Each scenario is exactly what the π-Bench loader maps the task to; only
 * paths change: assets move to `assets/<task>/`, and `pibench.repo_root` is re-pointed
 * at the original checkout so rule scripts keep running from there.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { UserError } from '../contracts/diagnostics.ts';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { jsonSchema, type SchemaKind } from '../scenario/json-schema.ts';
import {
  scenarioKeys,
  type EpisodeFile,
  type Persona,
  type ScenarioFile,
} from '../scenario/schema.ts';
import { isNonAsset, taskAssets } from '../scenario/pibench/assets.ts';
import { isPibenchUserDir, loadPibenchLibrary, stripLoaded } from '../scenario/pibench/index.ts';

export interface ImportResult {
  out: string;
  persona: string;
  scenarios: number;
  episodes: number;
  assetFiles: number;
  /** Warnings of the π-Bench folder (errors abort the import). */
  diagnostics: Diagnostic[];
}

export function importPibench(
  userDir: string,
  outDir: string,
  opts: { force?: boolean } = {},
): ImportResult {
  const src = path.resolve(userDir);
  const out = path.resolve(outDir);
  if (!existsSync(src) || !isPibenchUserDir(src))
    throw new UserError(
      `${userDir}: not a π-Bench user folder (expected profile.yaml and tasks/ in it)`,
    );
  if (out === src || out.startsWith(src + path.sep))
    throw new UserError('--out must be outside the π-Bench folder');
  const { library, diagnostics } = loadPibenchLibrary(src);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length)
    throw new UserError(
      `${userDir} has ${errors.length} error(s); fix them before importing`,
      errors,
    );
  const persona = [...library.personas.values()][0];
  if (!persona) throw new UserError(`${userDir}: no persona could be read from profile.yaml`);

  const personaFile = path.join(out, 'personas', `${persona.id}.yaml`);
  const scenarioDir = path.join(out, 'scenarios', persona.id);
  if (!opts.force && (existsSync(personaFile) || existsSync(scenarioDir)))
    throw new UserError(
      `${out} already holds persona \`${persona.id}\`; pass --force to overwrite it`,
    );

  mkdirSync(scenarioDir, { recursive: true });
  mkdirSync(path.dirname(personaFile), { recursive: true });
  mkdirSync(path.join(out, 'schemas'), { recursive: true });
  for (const kind of ['scenario', 'persona', 'episode'] as SchemaKind[]) {
    writeFileSync(
      path.join(out, 'schemas', `${kind}.schema.json`),
      JSON.stringify(jsonSchema(kind), null, 2) + '\n',
    );
  }

  const { file: _pf, ...personaFields } = persona;
  writeYaml(out, personaFile, 'persona', personaFields satisfies Persona);

  let assetFiles = 0;
  for (const s of library.scenarios.values()) {
    const name = s.id.slice(persona.id.length + 1);
    const file = path.join(scenarioDir, `${name}.yaml`);
    const fields = stripLoaded(s);
    if (fields.workspace?.assets !== undefined) {
      const from = path.resolve(path.dirname(s.file), fields.workspace.assets);
      const to = path.join(out, 'assets', name);
      cpSync(from, to, { recursive: true, force: true, filter: (p) => !isNonAsset(from, p) });
      assetFiles += countFiles(from, taskAssets(from));
      fields.workspace = {
        ...fields.workspace,
        assets: posix(path.relative(path.dirname(file), to)),
      };
    }
    if (fields.pibench?.repo_root !== undefined) {
      const root = path.resolve(path.dirname(s.file), fields.pibench.repo_root);
      fields.pibench = {
        ...fields.pibench,
        repo_root: posix(path.relative(path.dirname(file), root) || '.'),
      };
    }
    writeYaml(out, file, 'scenario', ordered(fields));
  }

  let episodes = 0;
  for (const e of library.episodes.values()) {
    const { file: _ef, ...episode } = e;
    writeYaml(
      out,
      path.join(scenarioDir, 'episode.yaml'),
      'episode',
      episode satisfies EpisodeFile,
    );
    episodes++;
  }
  return {
    out,
    persona: persona.id,
    scenarios: library.scenarios.size,
    episodes,
    assetFiles,
    diagnostics,
  };
}

function ordered(s: ScenarioFile): ScenarioFile {
  const out: Record<string, unknown> = {};
  for (const key of scenarioKeys()) if (s[key] !== undefined) out[key] = s[key];
  return out as unknown as ScenarioFile;
}

/** YAML with the editor hint that points at the library's copy of the JSON Schema. */
function writeYaml(out: string, file: string, kind: SchemaKind, value: unknown): void {
  const schema = posix(
    path.relative(path.dirname(file), path.join(out, 'schemas', `${kind}.schema.json`)),
  );
  const text = stringify(value, {
    lineWidth: 0,
    blockQuote: 'literal',
    aliasDuplicateObjects: false,
  });
  writeFileSync(file, `# yaml-language-server: $schema=${schema}\n${text}`);
}

function countFiles(dir: string, entries: string[]): number {
  let n = 0;
  for (const name of entries) {
    const abs = path.join(dir, name);
    try {
      n += countFiles(abs, readdirSync(abs));
    } catch {
      n++;
    }
  }
  return n;
}

function posix(p: string): string {
  return p.split(path.sep).join('/');
}
