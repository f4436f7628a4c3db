/** Tool group `files`: the agent's file tools, all confined to the workspace. */
import { errorMessage } from '../contracts/errors.ts';
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { compilePattern, type Pattern } from '../scenario/regex.ts';
import { ToolError } from '../contracts/errors.ts';
import type { ToolDef } from './registry.ts';
import { globMatcher } from '../workspace/glob.ts';

const MAX_READ_CHARS = 200_000;
const MAX_GREP_MATCHES = 200;

const readFile: ToolDef = {
  name: 'read_file',
  readOnly: true,
  group: 'files',
  description: 'Read a text file from the workspace. Optional 1-based line offset and line limit.',
  parameters: z.object({
    path: z.string().describe('path relative to the workspace root'),
    offset: z.number().int().positive().optional().describe('first line to return (1-based)'),
    limit: z.number().int().positive().optional().describe('maximum number of lines'),
  }),
  run({ path: rel, offset, limit }, { workspace }) {
    let text = workspace.readText(rel);
    if (offset || limit) {
      const lines = text.split('\n');
      const start = (offset ?? 1) - 1;
      text = lines.slice(start, limit ? start + limit : undefined).join('\n');
    }
    return text.length > MAX_READ_CHARS
      ? `${text.slice(0, MAX_READ_CHARS)}\n[... truncated: ${text.length} characters in all; use offset/limit]`
      : text;
  },
};

const writeFile: ToolDef = {
  name: 'write_file',
  group: 'files',
  description: 'Create or overwrite a text file in the workspace (parent folders are created).',
  parameters: z.object({ path: z.string(), content: z.string() }),
  run({ path: rel, content }, { workspace }) {
    const { created } = workspace.writeText(rel, content);
    return `${created ? 'created' : 'overwrote'} ${rel} (${content.length} characters)`;
  },
};

const editFile: ToolDef = {
  name: 'edit_file',
  group: 'files',
  description:
    'Replace one exact occurrence of old_string with new_string in a file. Fails if old_string occurs zero times or more than once.',
  parameters: z.object({ path: z.string(), old_string: z.string().min(1), new_string: z.string() }),
  run({ path: rel, old_string, new_string }, { workspace }) {
    const text = workspace.readText(rel);
    const first = text.indexOf(old_string);
    if (first < 0) throw new ToolError(`old_string not found in ${rel}`);
    if (text.indexOf(old_string, first + 1) >= 0)
      throw new ToolError(
        `old_string occurs more than once in ${rel}; include more context to make it unique`,
      );
    workspace.writeText(
      rel,
      text.slice(0, first) + new_string + text.slice(first + old_string.length),
    );
    return `edited ${rel}`;
  },
};

const listDir: ToolDef = {
  name: 'list_dir',
  readOnly: true,
  group: 'files',
  description: 'List the entries of a folder in the workspace (default: the root).',
  parameters: z.object({ path: z.string().optional() }),
  run({ path: rel }, { workspace }) {
    const abs = workspace.resolve(rel ?? '.');
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      throw new ToolError(`no such folder: ${rel ?? '.'}`);
    }
    return entries
      .map((e) => {
        if (e.isDirectory()) return `${e.name}/`;
        if (e.isSymbolicLink()) return `${e.name}@`;
        return `${e.name} (${lstatSync(path.join(abs, e.name)).size} bytes)`;
      })
      .sort();
  },
};

const glob: ToolDef = {
  name: 'glob',
  readOnly: true,
  group: 'files',
  description: 'Find workspace files whose relative path matches a glob, e.g. **/*.md.',
  parameters: z.object({ pattern: z.string().min(1) }),
  run({ pattern }, { workspace }) {
    const isMatch = globMatcher(pattern);
    return workspace.listFiles().filter((f) => isMatch(f));
  },
};

const grep: ToolDef = {
  name: 'grep',
  readOnly: true,
  group: 'files',
  description:
    'Search workspace files for a regex (RE2 syntax: JavaScript without lookaround or backreferences; (?i) prefix = case-insensitive). Optional glob limits the files.',
  parameters: z.object({ pattern: z.string().min(1), glob: z.string().optional() }),
  run({ pattern, glob: only }, { workspace }) {
    let re: Pattern;
    try {
      re = compilePattern(pattern);
    } catch (err) {
      throw new ToolError(`invalid regex: ${errorMessage(err)}`);
    }
    const isMatch = only ? globMatcher(only) : () => true;
    const matches: { path: string; line: number; text: string }[] = [];
    for (const f of workspace.listFiles()) {
      if (!isMatch(f)) continue;
      let text: string;
      try {
        text = workspace.readText(f);
      } catch {
        continue;
      }
      if (text.slice(0, 8000).includes('\0')) continue;
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (re.test(lines[i]!)) {
          matches.push({ path: f, line: i + 1, text: lines[i]!.slice(0, 300) });
          if (matches.length >= MAX_GREP_MATCHES) return { matches, truncated: true };
        }
      }
    }
    return { matches, truncated: false };
  },
};

export const fileTools: ToolDef[] = [readFile, writeFile, editFile, listDir, glob, grep];

export const memoryTools: ToolDef[] = [
  {
    name: 'read_memory',
    readOnly: true,
    group: 'memory',
    description:
      'Read your long-term memory notes (kept across sessions). Without a key, returns every note.',
    parameters: z.object({ key: z.string().optional() }),
    run: ({ key }, { memory }) => memory.read(key),
  },
  {
    name: 'write_memory',
    group: 'memory',
    description: 'Save a long-term memory note under a key, replacing it or appending to it.',
    parameters: z.object({
      key: z.string().min(1),
      content: z.string(),
      mode: z.enum(['replace', 'append']).optional(),
    }),
    run: ({ key, content, mode }, { memory }) => {
      memory.write(key, content, mode);
      return `saved memory note ${key}`;
    },
  },
];
