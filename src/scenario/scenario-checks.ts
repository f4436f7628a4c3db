/**
 * The checks of one scenario file that its schema cannot express, run by the loader on every
 * scenario it reads: duplicate ids, intents and checklist items no judge can settle, unknown
 * tool groups, app seeds and app_state rules the apps refuse, a trigger's stray `source`, a
 * `workspace.assets` folder outside the library, and each installed paradigm's own checks.
 * What spans files (references, cycles) stays in library.ts.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioPath } from '../contracts/paradigm.ts';
import { appStateRuleProblem, validateAppSeeds } from '../apps/index.ts';
import { createToolRegistry } from '../tools/index.ts';
import { installedParadigms } from './paradigms.ts';
import type { Rule, ScenarioFile } from './schema.ts';
import { locate, type ParsedYaml } from './yaml-file.ts';

/** Reports a problem at a position of a file. */
export type Report = (file: string, at: { line: number; col: number }, message: string) => void;

export function checkScenarioInternals(
  s: ScenarioFile,
  parsed: ParsedYaml,
  err: Report,
  warn: Report,
  root: string,
): void {
  const dup = (list: { id: string }[], key: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id))
        err(
          parsed.file,
          locate(parsed, [key, i, 'id']),
          `duplicate ${key === 'intents' ? 'intent' : 'checklist'} id \`${item.id}\``,
        );
      seen.add(item.id);
    });
  };
  dup(s.intents, 'intents');
  dup(s.checklist ?? [], 'checklist');
  s.intents.forEach((intent, i) => {
    if (!intent.ask?.length && !intent.done)
      warn(
        parsed.file,
        locate(parsed, ['intents', i]),
        `intent \`${intent.id}\` has neither \`ask\` nor \`done\`: the rules judge can only mark it provided`,
      );
  });
  (s.checklist ?? []).forEach((item, i) => {
    if (item.grader === 'rule' && !item.rule)
      err(
        parsed.file,
        locate(parsed, ['checklist', i]),
        `checklist item \`${item.id}\` has grader: rule but no \`rule\``,
      );
    if (item.grader === 'rubric' && !item.rule && !item.rubric_only)
      warn(
        parsed.file,
        locate(parsed, ['checklist', i]),
        `rubric item \`${item.id}\` has no \`rule\`: the rules judge reports it ungraded`,
      );
  });
  const groups = knownToolGroups();
  (s.tools ?? []).forEach((g, i) => {
    if (!groups.has(g))
      err(
        parsed.file,
        locate(parsed, ['tools', i]),
        `unknown tool group \`${g}\` (known: ${[...groups].join(', ')})`,
      );
  });
  for (const issue of validateAppSeeds(s.apps ?? {})) {
    const at = issue.path.slice(0, -1);
    const last = issue.path[issue.path.length - 1];
    const isKey = issue.message.startsWith('unknown key');
    err(
      parsed.file,
      isKey
        ? locate(parsed, ['apps', ...at], String(last))
        : locate(parsed, ['apps', ...issue.path]),
      `\`apps.${issue.path.join('.')}\`: ${issue.message}`,
    );
  }
  const rules: [Rule | undefined, (string | number)[]][] = [
    ...s.intents.map((i, k): [Rule | undefined, (string | number)[]] => [
      i.done,
      ['intents', k, 'done'],
    ]),
    ...(s.checklist ?? []).map((c, k): [Rule | undefined, (string | number)[]] => [
      c.rule,
      ['checklist', k, 'rule'],
    ]),
  ];
  for (const [rule, at] of rules)
    for (const [r, p] of walkRules(rule, at))
      if ('app_state' in r) {
        const problem = appStateRuleProblem(r.app_state.app, r.app_state.path);
        if (problem)
          warn(
            parsed.file,
            locate(parsed, [...p, 'app_state', 'path']),
            `app_state rule can never hold: ${problem}`,
          );
      }
  if (s.trigger.kind === 'user' && s.trigger.source)
    warn(
      parsed.file,
      locate(parsed, ['trigger', 'source']),
      '`source` only applies to kind: event',
    );
  const assets = s.workspace?.assets;
  if (assets !== undefined) {
    const abs = path.resolve(path.dirname(parsed.file), assets);
    const rel = path.relative(root, abs);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
      err(
        parsed.file,
        locate(parsed, ['workspace', 'assets']),
        `\`workspace.assets\` (${assets}) is outside the library: only folders inside ${root} are copied into the agent's workspace`,
      );
    else if (!existsSync(abs) || !statSync(abs).isDirectory())
      err(
        parsed.file,
        locate(parsed, ['workspace', 'assets']),
        `\`workspace.assets\`: no folder ${abs}`,
      );
  }
  const report = {
    error: (p: ScenarioPath, message: string) => err(parsed.file, locate(parsed, [...p]), message),
    warn: (p: ScenarioPath, message: string) => warn(parsed.file, locate(parsed, [...p]), message),
  };
  for (const paradigm of installedParadigms()) paradigm.check?.(s, report);
}

/** Every rule inside `rule` (itself included) with its path in the file. */
function* walkRules(
  rule: Rule | undefined,
  at: (string | number)[],
): Generator<[Rule, (string | number)[]]> {
  if (!rule) return;
  yield [rule, at];
  if ('all' in rule)
    for (const [k, r] of rule.all.entries()) yield* walkRules(r, [...at, 'all', k]);
  if ('any' in rule)
    for (const [k, r] of rule.any.entries()) yield* walkRules(r, [...at, 'any', k]);
  if ('not' in rule) yield* walkRules(rule.not, [...at, 'not']);
}

let toolGroups: Set<string> | undefined;
function knownToolGroups(): Set<string> {
  toolGroups ??= new Set(createToolRegistry().groups());
  return toolGroups;
}
