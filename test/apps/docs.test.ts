/** Each app's reference page documents every tool and every state key it has. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPS } from '../../src/apps/index.ts';

const DOCS = path.resolve(import.meta.dirname, '../../docs/apps');
const BASE_KEYS = ['now', 'account', 'credentials', 'access_tokens', 'next_id'];

describe.each(APPS.map((a) => [a.name, a] as const))('docs/apps/%s.md', (name, app) => {
  const page = readFileSync(path.join(DOCS, `${name}.md`), 'utf8');

  it('names every tool', () => {
    const missing = app.tools
      .map((t) => t.name.slice(name.length + 2))
      .filter((api) => !page.includes(`\`${api}\``));
    expect(missing).toEqual([]);
  });

  it('describes every state key', () => {
    const keys = Object.keys(app.stateFromSeed({})).filter((k) => !BASE_KEYS.includes(k));
    expect(keys.filter((k) => !page.includes(`\`${k}`))).toEqual([]);
  });

  it('is listed in the index', () => {
    expect(readFileSync(path.join(DOCS, 'README.md'), 'utf8')).toContain(`(${name}.md)`);
  });
});
