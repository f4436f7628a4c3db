/**
 * `tasks/<task_id>/task.yaml` → an intentplay scenario. The checks are π-Bench's own
 * loader's (schema_version v2, non-empty hidden intents, the allowed `objectives` keys),
 * located; every other field is mapped or deliberately ignored (docs/pibench.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import {
  DEFAULT_TOOLS,
  type ChecklistItemSpec,
  type IntentSpec,
  type ScenarioFile,
} from '../schema.ts';
import { skillFiles, taskAssets } from './assets.ts';
import { appsMentioned, readCredentials, type PartialCredential } from './credentials.ts';
import { appSeeds } from './app-seeds.ts';
import { withCatalogue } from './catalogue.ts';
import { isMap, openYaml, type LocatedFile } from './located.ts';
import { appOfTool } from './tool-names.ts';

export interface TaskContext {
  /** The user id (persona). */
  persona: string;
  /** The user folder (`data/<user>`). */
  userDir: string;
  /** The folder that holds `data/`: `tools_evaluation_path` is relative to it. */
  repoRoot: string;
  /** Apps named in the user's tools.yaml. */
  userApps: readonly string[];
}

const TOP_KEYS = new Set([
  'schema_version',
  'task_id',
  'user_id',
  'environment_id',
  'title',
  'description',
  'task_type',
  'trigger',
  'intent',
  'objectives',
  'metadata',
]);
const OBJECTIVE_KEYS = ['checklist', 'files_read', 'tools', 'tools_evaluation_path'];
const EVENT_TRIGGERS = new Set(['environmental_signal', 'env', 'environment']);
const USER_TRIGGERS = new Set(['user', 'user_query']);

export interface LoadedTask {
  scenario?: ScenarioFile;
  diagnostics: Diagnostic[];
  /** Passwords the task states without a user name: the loader gives them the user's own email. */
  partial?: PartialCredential[];
  /** Apps the task uses with no account found in its text, with where the task names them. */
  noAccount?: { app: string; line: number; col: number }[];
}

export function loadTask(taskDir: string, ctx: TaskContext): LoadedTask {
  const file = path.join(taskDir, 'task.yaml');
  const opened = openYaml(file);
  if (!opened.file) return { diagnostics: opened.diagnostics };
  const y = opened.file;
  const folderId = path.basename(taskDir);

  for (const key of Object.keys(y.at([]) as object))
    if (!TOP_KEYS.has(key))
      y.warn([], `unknown key \`${key}\` in the task: π-Bench ignores it`, key);

  const version = y.at(['schema_version']);
  if (version === undefined)
    y.error([], 'missing `schema_version`: π-Bench only loads tasks with `schema_version: v2`');
  else if (version !== 'v2')
    y.error(
      ['schema_version'],
      `\`schema_version\` must be \`v2\` (π-Bench only loads v2 tasks), got ${JSON.stringify(version)}`,
    );

  const taskId = y.optionalString(['task_id']);
  if (taskId !== undefined && taskId !== folderId)
    y.warn(
      ['task_id'],
      `task_id \`${taskId}\` differs from its folder \`${folderId}\`; the folder name is the id`,
    );
  const userId = y.optionalString(['user_id']);
  if (userId !== undefined && userId !== ctx.persona)
    y.warn(['user_id'], `user_id \`${userId}\` differs from the user folder's \`${ctx.persona}\``);
  const environmentId = y.optionalString(['environment_id']);
  const title = y.optionalString(['title']);
  const description = y.optionalString(['description']);
  const taskType = y.optionalString(['task_type']);
  const metadata = y.optionalMap(['metadata']);

  const trigger = readTrigger(y);
  const intents = readIntents(y);
  const objectives = readObjectives(y, ctx);
  if (y.diagnostics.some((d) => d.severity === 'error') || !trigger || !intents)
    return { diagnostics: [...opened.diagnostics, ...y.diagnostics] };

  const taskApps = [
    ...new Set(
      objectives.tools.map((t) => appOfTool(t.name)).filter((a): a is string => Boolean(a)),
    ),
  ];
  const loginApps = objectives.tools
    .filter((t) => t.name.endsWith('__login'))
    .map((t) => appOfTool(t.name)!);
  // Hidden intents count too: a person may only give the phone password when asked for the texts.
  const text = [trigger.text, ...intents.map((i) => i.text)].join('\n\n');
  const { credentials, partial } = readCredentials(text, loginApps.length ? loginApps : taskApps);
  const apps = [
    ...new Set([
      ...ctx.userApps,
      ...taskApps,
      ...credentials.map((c) => c.app),
      ...partial.map((c) => c.app),
    ]),
  ];
  const noAccount = appsWithoutAccount(y.file, text, taskApps, [...credentials, ...partial]);
  // What AppWorld's database would hold for this task (products, other users), from all it says.
  const said = [text, ...objectives.checklist.map((c) => c.text), ...textNotes(taskDir)].join(
    '\n\n',
  );
  const usedApps = [
    ...new Set([...taskApps, ...credentials.map((c) => c.app), ...partial.map((c) => c.app)]),
  ];
  const seeds = withCatalogue(appSeeds(credentials), usedApps, said, folderId);
  const skills = skillFiles(ctx.userDir);
  const hasAssets = taskAssets(taskDir).length > 0;

  const scenario: ScenarioFile = {
    id: `${ctx.persona}/${folderId}`,
    persona: ctx.persona,
    title: title?.trim() || folderId,
    ...(description?.trim() ? { description: description.trim() } : {}),
    trigger,
    ...(hasAssets || Object.keys(skills).length
      ? {
          workspace: {
            ...(Object.keys(skills).length ? { files: skills } : {}),
            ...(hasAssets ? { assets: '.' } : {}),
          },
        }
      : {}),
    tools: [...DEFAULT_TOOLS, ...apps],
    ...(Object.keys(seeds).length ? { apps: seeds } : {}),
    intents,
    ...(objectives.checklist.length ? { checklist: objectives.checklist } : {}),
    pibench: {
      task_id: folderId,
      ...(taskType !== undefined ? { task_type: taskType } : {}),
      ...(environmentId !== undefined ? { environment_id: environmentId } : {}),
      ...(objectives.tools.length ? { tools: objectives.tools } : {}),
      ...(objectives.filesRead.length ? { files_read: objectives.filesRead } : {}),
      ...(objectives.scriptPath
        ? {
            tools_evaluation_path: objectives.scriptPath,
            repo_root: toPosix(path.relative(taskDir, ctx.repoRoot) || '.'),
          }
        : {}),
      ...(metadata ? { metadata } : {}),
    },
  };
  return { scenario, diagnostics: [...opened.diagnostics, ...y.diagnostics], partial, noAccount };
}

/** The task folder's notes (Markdown and plain text), which a person reads before shopping. */
function textNotes(taskDir: string): string[] {
  return taskAssets(taskDir)
    .filter((f) => /\.(?:md|txt)$/i.test(f))
    .map((f) => readFileSync(path.join(taskDir, f), 'utf8').slice(0, 20_000));
}

/** Apps the task uses (it lists their tools, or names them in its text) that no credential of the text is for. */
function appsWithoutAccount(
  file: string,
  text: string,
  taskApps: readonly string[],
  found: readonly { app: string }[],
) {
  const named = appsMentioned(text);
  const used = [
    ...new Set([
      ...taskApps,
      ...[...named.keys()].filter((a) => a !== 'phone' || taskApps.includes(a)),
    ]),
  ];
  return used
    .filter((app) => !found.some((c) => c.app === app))
    .map((app) => ({ app, ...whereNamed(file, app) }));
}

/** The first line of the task file at or after `intent:` that names the app (else the `intent:` line). */
export function whereNamed(file: string, app: string): { line: number; col: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const intentLine = Math.max(
    0,
    lines.findIndex((l) => /^intent\s*:/.test(l)),
  );
  const spelled = new RegExp(`\\b${app.replace('_', '[ _]?')}\\b`, 'i');
  const i = lines.findIndex((l, n) => n >= intentLine && spelled.test(l));
  return i >= 0
    ? { line: i + 1, col: lines[i]!.search(spelled) + 1 }
    : { line: intentLine + 1, col: 1 };
}

function readTrigger(y: LocatedFile): ScenarioFile['trigger'] | undefined {
  const type = y.optionalMap(['trigger']) ? y.optionalString(['trigger', 'type']) : undefined;
  if (y.optionalMap(['intent']) === undefined) {
    y.error([], 'missing `intent` (with `initial_input` and `hidden_intent`)');
    return undefined;
  }
  const text = y.optionalString(['intent', 'initial_input']);
  if (!text?.trim()) {
    y.error(
      text === undefined ? ['intent'] : ['intent', 'initial_input'],
      '`intent.initial_input` (the first message) must be a non-empty string',
    );
    return undefined;
  }
  if (type === undefined || USER_TRIGGERS.has(type)) return { kind: 'user', text };
  if (EVENT_TRIGGERS.has(type)) return { kind: 'event', text, source: eventSource(text) ?? type };
  y.warn(
    ['trigger', 'type'],
    `unknown trigger type \`${type}\` (expected user, user_query, environmental_signal, env or environment): delivered as a user message`,
  );
  return { kind: 'user', text };
}

/** An environment payload often is JSON naming its source. */
function eventSource(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isMap(v) && typeof v.source === 'string' && v.source.trim()
      ? v.source.trim()
      : undefined;
  } catch {
    return undefined;
  }
}

function readIntents(y: LocatedFile): IntentSpec[] | undefined {
  if (y.at(['intent', 'detailed_intent']) !== undefined)
    y.error(
      ['intent'],
      '`intent.detailed_intent` is rejected by π-Bench v2: list each requirement under `hidden_intent` instead',
      'detailed_intent',
    );
  const list = y.at(['intent', 'hidden_intent']);
  if (!Array.isArray(list) || list.length === 0) {
    if (isMap(y.at(['intent'])))
      y.error(
        list === undefined ? ['intent'] : ['intent', 'hidden_intent'],
        '`intent.hidden_intent` must be a non-empty list of `{content: ...}` (π-Bench requires at least one hidden intent)',
        list === undefined ? undefined : 'hidden_intent',
      );
    return undefined;
  }
  const intents: IntentSpec[] = [];
  list.forEach((item, i) => {
    const at = ['intent', 'hidden_intent', i];
    if (!isMap(item))
      return y.error(at, `hidden intent ${i + 1}: expected a mapping with \`content\``);
    const content = y.optionalString([...at, 'content']);
    if (!content?.trim())
      return y.error(
        content === undefined ? at : [...at, 'content'],
        `hidden intent ${i + 1}: \`content\` must be a non-empty string`,
      );
    const status = item.status;
    if (status !== undefined && status !== 'not_provided' && status !== 'provided')
      y.error(
        [...at, 'status'],
        `hidden intent ${i + 1}: \`status\` must be not_provided or provided, got ${JSON.stringify(status)}`,
      );
    else if (status === 'provided')
      y.warn(
        [...at, 'status'],
        `hidden intent ${i + 1}: \`status: provided\` (already given at the start) is not supported; it starts open like the others`,
      );
    // The user reveals the intent verbatim (π-Bench's user agent), which is what `reveal` defaults to.
    intents.push({ id: `I${intents.length + 1}`, text: content.trim() });
  });
  return intents;
}

interface Objectives {
  checklist: ChecklistItemSpec[];
  tools: { name: string; call?: string[]; result?: string[] }[];
  filesRead: string[];
  scriptPath?: string;
}

function readObjectives(y: LocatedFile, ctx: TaskContext): Objectives {
  const out: Objectives = { checklist: [], tools: [], filesRead: [] };
  const obj = y.optionalMap(['objectives']);
  if (!obj) return out;
  for (const key of Object.keys(obj)) {
    if (key === 'tools_checklist')
      y.error(
        ['objectives'],
        '`objectives.tools_checklist` is not supported by π-Bench v2: write the tool checks as a rule script and point `objectives.tools_evaluation_path` at it',
        key,
      );
    else if (!OBJECTIVE_KEYS.includes(key))
      y.error(
        ['objectives'],
        `unknown key \`${key}\` in \`objectives\`: π-Bench allows only ${OBJECTIVE_KEYS.join(', ')}`,
        key,
      );
  }

  (y.optionalList(['objectives', 'checklist']) ?? []).forEach((item, i) => {
    const at = ['objectives', 'checklist', i];
    if (!isMap(item))
      return y.error(at, `checklist item ${i + 1}: expected a mapping with \`criterion\``);
    if ('tools' in item)
      y.error(
        at,
        `checklist item ${i + 1}: a \`tools\` key inside a checklist item is rejected by π-Bench v2; use \`objectives.tools_evaluation_path\``,
        'tools',
      );
    for (const key of Object.keys(item))
      if (!['criterion', 'weight', 'tools'].includes(key))
        y.warn(
          at,
          `checklist item ${i + 1}: unknown key \`${key}\` (π-Bench reads criterion and weight)`,
          key,
        );
    const criterion = y.optionalString([...at, 'criterion']) ?? '';
    if (!criterion.trim()) return; // π-Bench skips empty criteria
    let weight: number | undefined;
    if (item.weight !== undefined && item.weight !== null) {
      if (typeof item.weight !== 'number' || !Number.isFinite(item.weight) || item.weight <= 0)
        return y.error(
          [...at, 'weight'],
          `checklist item ${i + 1}: \`weight\` must be a number > 0, got ${JSON.stringify(item.weight)}`,
        );
      weight = item.weight;
    }
    // A π-Bench criterion is graded by a model only: no offline stand-in rule exists.
    out.checklist.push({
      id: `C${out.checklist.length + 1}`,
      text: criterion.trim(),
      grader: 'rubric',
      rubric_only: true,
      ...(weight !== undefined && weight !== 1 ? { weight } : {}),
    });
  });

  (y.optionalList(['objectives', 'tools']) ?? []).forEach((item, i) => {
    const at = ['objectives', 'tools', i];
    if (!isMap(item) || Object.keys(item).length !== 1)
      return y.error(
        at,
        `tool ${i + 1}: expected a one-key mapping \`{<tool name>: {call: [...], result: [...]}}\``,
      );
    const name = Object.keys(item)[0]!;
    const spec = item[name];
    if (spec !== null && spec !== undefined && !isMap(spec))
      return y.error(
        [...at, name],
        `tool \`${name}\`: expected a mapping with \`call\` and/or \`result\``,
      );
    const paths = (key: 'call' | 'result'): string[] | undefined => {
      const v = spec?.[key];
      if (v === undefined || v === null) return undefined;
      if (!Array.isArray(v) || v.some((p) => typeof p !== 'string')) {
        y.error([...at, name, key], `tool \`${name}\`: \`${key}\` must be a list of dotted paths`);
        return undefined;
      }
      return v as string[];
    };
    const call = paths('call');
    const result = paths('result');
    if (!call?.length && !result?.length)
      return y.error(
        [...at, name],
        `tool \`${name}\`: at least one of \`call\` and \`result\` must list a path`,
      );
    out.tools.push({
      name,
      ...(call?.length ? { call } : {}),
      ...(result?.length ? { result } : {}),
    });
  });

  (y.optionalList(['objectives', 'files_read']) ?? []).forEach((f, i) => {
    if (typeof f !== 'string' || !f.trim())
      return y.error(
        ['objectives', 'files_read', i],
        '`files_read` entries must be file names relative to the workspace',
      );
    out.filesRead.push(f);
  });

  const script = y.optionalString(['objectives', 'tools_evaluation_path']);
  if (script !== undefined) {
    const at = ['objectives', 'tools_evaluation_path'];
    if (!script.trim().endsWith('.py'))
      y.error(
        at,
        `\`tools_evaluation_path\` must name a .py rule script, got ${JSON.stringify(script)}`,
      );
    else {
      out.scriptPath = script.trim();
      if (!existsSync(path.resolve(ctx.repoRoot, out.scriptPath)))
        y.warn(
          at,
          `rule script ${out.scriptPath} not found under ${ctx.repoRoot} (data is often copied without its scripts): its checks will be reported ungraded and the task left out of Comp (π-Bench itself would not load this user)`,
        );
    }
  }
  return out;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
