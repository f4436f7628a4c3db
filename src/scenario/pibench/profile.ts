/** `profile.yaml` → the persona; `tools.yaml` → the apps the user's tasks may use. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../contracts/diagnostics.ts';
import type { Persona } from '../schema.ts';
import { isMap, openYaml } from './located.ts';
import { appOfTool } from './tool-names.ts';

const ID = /^[A-Za-z0-9_.-]+$/;
const PROFILE_KEYS = new Set([
  'schema_version',
  'user_id',
  'role',
  'preferences',
  'long_term_goals',
]);

export function loadProfile(userDir: string): { persona?: Persona; diagnostics: Diagnostic[] } {
  const opened = openYaml(path.join(userDir, 'profile.yaml'));
  const y = opened.file;
  if (!y) return { diagnostics: opened.diagnostics };
  for (const key of Object.keys(y.at([]) as object))
    if (!PROFILE_KEYS.has(key))
      y.warn([], `unknown key \`${key}\` in the profile: π-Bench ignores it`, key);

  const id = y.optionalString(['user_id']) ?? path.basename(userDir);
  if (!ID.test(id))
    y.error(
      y.at(['user_id']) === undefined ? [] : ['user_id'],
      `user id \`${id}\` must use letters, digits, _ . - only`,
    );
  else if (id !== path.basename(userDir))
    y.warn(['user_id'], `user_id \`${id}\` differs from its folder \`${path.basename(userDir)}\``);

  // `role` is markdown text, or a mapping with `role_text` (both accepted by π-Bench).
  const rawRole = y.at(['role']);
  const roleText = isMap(rawRole)
    ? y.optionalString(['role', 'role_text'])
    : y.optionalString(['role']);
  const heading = roleText && /^\s*#+\s*(.+?)\s*$/m.exec(roleText)?.[1];

  const preferences = y.optionalMap(['preferences']) ?? {};
  const style = Object.entries(preferences)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('; ');
  const goals = (y.optionalList(['long_term_goals']) ?? []).filter(
    (g): g is string => typeof g === 'string' && g.trim() !== '',
  );

  if (y.diagnostics.some((d) => d.severity === 'error'))
    return { diagnostics: [...opened.diagnostics, ...y.diagnostics] };
  const persona: Persona = {
    id,
    name: id,
    role: heading || id,
    profile: roleText?.trim() || `π-Bench user ${id}`,
    ...(style ? { style } : {}),
    ...(goals.length ? { goals } : {}),
  };
  return { persona, diagnostics: [...opened.diagnostics, ...y.diagnostics] };
}

/** Apps named in `tools.yaml` (`tool_names: [<app>__<api>, ...]`), in first-mention order. */
export function loadToolApps(userDir: string): { apps: string[]; diagnostics: Diagnostic[] } {
  const file = path.join(userDir, 'tools.yaml');
  if (!existsSync(file)) return { apps: [], diagnostics: [] };
  const opened = openYaml(file);
  const y = opened.file;
  if (!y) return { apps: [], diagnostics: opened.diagnostics };
  const apps: string[] = [];
  (y.optionalList(['tool_names']) ?? []).forEach((name, i) => {
    const app = typeof name === 'string' ? appOfTool(name) : undefined;
    if (!app)
      return y.warn(
        ['tool_names', i],
        `\`${String(name)}\` is not an AppWorld tool name (<app>__<api>)`,
      );
    if (!apps.includes(app)) apps.push(app);
  });
  return { apps, diagnostics: [...opened.diagnostics, ...y.diagnostics] };
}
