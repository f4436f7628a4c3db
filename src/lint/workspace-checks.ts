/**
 * Unused workspace files: a seeded file that neither its scenario nor any later session
 * (a dependent, or a later session of an episode) mentions, reads, searches or checks.
 * Such a file is noise for the agent and a sign that an intent lost its evidence.
 */
import path from 'node:path';
import type { Library, LoadedScenario } from '../scenario/library.ts';
import { checkPattern, testPattern } from '../scenario/regex.ts';
import type { Rule } from '../scenario/schema.ts';
import type { Finding } from './finding.ts';
import { globMatcher } from '../workspace/glob.ts';

export function checkWorkspaceFiles(
  library: Library,
  scenarios: readonly LoadedScenario[],
): Finding[] {
  const out: Finding[] = [];
  for (const s of scenarios) {
    const readers = [s, ...laterSessions(library, s.id)];
    for (const [file, content] of Object.entries(s.workspace?.files ?? {})) {
      if (readers.some((r) => usesFile(r, file, content))) continue;
      out.push({
        check: 'unused-file',
        scenario: s,
        path: ['workspace', 'files'],
        key: file,
        message: `workspace file \`${file}\` is never mentioned, read or searched by this scenario or a later session`,
      });
    }
  }
  return out;
}

/** Scenarios that can see `id`'s workspace: its dependents (transitively) and later episode sessions. */
function laterSessions(library: Library, id: string): LoadedScenario[] {
  const later = new Set<string>();
  for (const e of library.episodes.values()) {
    const at = e.sessions.indexOf(id);
    if (at >= 0) for (const sid of e.sessions.slice(at + 1)) later.add(sid);
  }
  const grow = (target: string) => {
    for (const s of library.scenarios.values())
      if (s.dependsOn.includes(target) && !later.has(s.id)) {
        later.add(s.id);
        grow(s.id);
      }
  };
  grow(id);
  return [...later]
    .map((sid) => library.scenarios.get(sid))
    .filter((s): s is LoadedScenario => Boolean(s));
}

function usesFile(s: LoadedScenario, file: string, content: string): boolean {
  const base = path.posix.basename(file);
  const texts = [
    s.trigger.text,
    ...s.intents.flatMap((i) => [i.text, i.reveal ?? '']),
    ...(s.checklist ?? []).map((c) => c.text),
    ...Object.values(s.references ?? {}).flatMap((steps) => steps.map((st) => st.say)),
  ];
  if (texts.some((t) => t.includes(file) || t.includes(base))) return true;
  const rules = [...s.intents.map((i) => i.done), ...(s.checklist ?? []).map((c) => c.rule)];
  if (rules.some((r) => ruleGlobs(r).some((g) => specificGlobMatches(g, file)))) return true;
  for (const steps of Object.values(s.references ?? {}))
    for (const action of steps.flatMap((st) => st.actions ?? []))
      if (actionTouches(action.tool, action.args ?? {}, file, content)) return true;
  return false;
}

function ruleGlobs(rule: Rule | undefined): string[] {
  if (!rule) return [];
  if ('all' in rule) return rule.all.flatMap(ruleGlobs);
  if ('any' in rule) return rule.any.flatMap(ruleGlobs);
  if ('not' in rule) return ruleGlobs(rule.not);
  if ('file_exists' in rule) return [rule.file_exists];
  if ('file_matches' in rule) return [rule.file_matches.path];
  return [];
}

/** A glob that names a place (`drafts/*.md`), not one that matches anything anywhere (`**\/*.md`). */
function specificGlobMatches(glob: string, file: string): boolean {
  return !/^[*?[{]/.test(glob) && globMatcher(glob)(file);
}

function actionTouches(
  tool: string,
  args: Record<string, unknown>,
  file: string,
  content: string,
): boolean {
  const name = tool.replace(/^.*__/, '');
  const strings = Object.values(args).filter((v): v is string => typeof v === 'string');
  if (strings.some((v) => v === file || v.endsWith(`/${file}`))) return true;
  if (name === 'glob' && typeof args.pattern === 'string') return globMatcher(args.pattern)(file);
  if (name === 'grep' && typeof args.pattern === 'string' && !checkPattern(args.pattern)) {
    const inScope = typeof args.glob === 'string' ? globMatcher(args.glob)(file) : true;
    return (
      inScope &&
      content.split('\n').some((line) => testPattern(args.pattern as string, line) !== null)
    );
  }
  return false;
}
