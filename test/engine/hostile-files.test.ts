/**
 * Hostile or broken files are located errors for that file alone: an undefined alias, an alias
 * bomb, deep nesting, workspace files or assets that escape; the valid scenario beside them
 * still validates and runs, and a bad config file is a located error, not a crash.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../src/cli/actions/validate.ts';
import { loadConfigFile } from '../../src/config/file.ts';
import { formatDiagnostic, UserError } from '../../src/contracts/diagnostics.ts';
import { requireLibrary } from '../../src/scenario/library.ts';
import { makeLibrary } from '../helpers/library.ts';
import { runTarget } from '../helpers/run.ts';

const HEAD = (id: string) =>
  `id: p/${id}\npersona: p\ntitle: T\ntrigger: { kind: user, text: hi }\n`;
const INTENTS = 'intents: [{ id: I1, text: x, done: { reply_matches: x } }]\n';
const bomb = () => {
  const lines = [`x0: &a0 [${Array(9).fill('"lol"').join(',')}]`];
  for (let c = 1; c < 9; c++)
    lines.push(
      `x${c}: &a${c} [${Array(9)
        .fill(`*a${c - 1}`)
        .join(',')}]`,
    );
  return lines.join('\n');
};
const nested = (n: number) =>
  `${HEAD('deep')}intents: [{ id: I1, text: x, done: ${'{ not: '.repeat(n)}{ reply_matches: x }${' }'.repeat(n)} }]\n`;

const FILES = {
  'scenarios/p/good.yaml': HEAD('good') + INTENTS + 'references:\n  main: [{ say: x }]\n',
  'scenarios/p/alias.yaml': `${HEAD('alias').replace('title: T', 'title: *nope')}${INTENTS}`,
  'scenarios/p/bomb.yaml': `${HEAD('bomb')}${INTENTS}${bomb()}\n`,
  'scenarios/p/deep.yaml': nested(100),
  'scenarios/p/deeper.yaml': nested(3000).replace('p/deep', 'p/deeper'),
  'scenarios/p/escape.yaml': `${HEAD('escape')}workspace:\n  files:\n    ../../tmp/pwn: gotcha\n    /etc/cron.d/x: gotcha\n    notes/ok.md: fine\n${INTENTS}`,
  'scenarios/p/assets.yaml': `${HEAD('assets')}workspace: { assets: ../../.. }\n${INTENTS}`,
};

describe('hostile files', () => {
  const root = makeLibrary(FILES);
  const rel = (f: string) => path.relative(root, f);

  it('each is a located error of its own file, in one validate pass', () => {
    const { diagnostics } = validatePaths([root]);
    expect(
      diagnostics.map((d) => `${rel(d.file)}:${d.line}:${d.col}: ${d.message}`).sort(),
    ).toEqual([
      'scenarios/p/alias.yaml:3:8: YAML alias `*nope` has no anchor `&nope` before it',
      'scenarios/p/assets.yaml:5:22: `workspace.assets` (../../..) is outside the library: only folders inside ' +
        root +
        " are copied into the agent's workspace",
      expect.stringMatching(
        /^scenarios\/p\/bomb\.yaml:7:\d+: YAML aliases expand to too many nodes \(more than 1000\): an alias bomb, refused$/,
      ),
      expect.stringMatching(
        /^scenarios\/p\/deep\.yaml:5:\d+: YAML nested more than 64 levels deep/,
      ),
      expect.stringMatching(/^scenarios\/p\/deeper\.yaml:5:\d+: YAML nested too deeply to read/),
      'scenarios/p/escape.yaml:7:5: `workspace.files`: `../../tmp/pwn` leaves the workspace (`..`): workspace files stay inside it',
      'scenarios/p/escape.yaml:8:5: `workspace.files`: `/etc/cron.d/x` is an absolute path: workspace files are relative to the workspace',
    ]);
  });

  it('the valid scenario beside them loads and runs; a broken one is refused with its own errors only', async () => {
    expect(requireLibrary(path.join(root, 'scenarios/p/good.yaml')).scenarios.has('p/good')).toBe(
      true,
    );
    const { results } = await runTarget(path.join(root, 'scenarios/p/good.yaml'));
    expect(results[0]!.end).toBe('resolved');
    try {
      requireLibrary(path.join(root, 'scenarios/p/escape.yaml'));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UserError);
      expect((err as UserError).diagnostics?.map((d) => rel(d.file))).toEqual([
        'scenarios/p/escape.yaml',
        'scenarios/p/escape.yaml',
      ]);
    }
  });

  it('control characters from a file reach the terminal escaped, never raw', () => {
    const lib = makeLibrary({
      'scenarios/p/ctl.yaml': `id: "p/x\\e]0;pwned\\a"\npersona: p\ntitle: T\ntrigger: { kind: user, text: hi }\n${INTENTS}`,
    });
    const lines = validatePaths([lib]).diagnostics.map((d) => formatDiagnostic(d));
    expect(lines).toEqual([
      expect.stringContaining('scenario id `p/x\\u001b]0;pwned\\u0007` does not match'),
    ]);
    // eslint-disable-next-line no-control-regex
    for (const l of lines) expect(l).not.toMatch(/[\u0000-\u001f]/);
  });

  it('a bad config file is a located error', () => {
    const file = path.join(root, 'intentplay.config.yaml');
    writeFileSync(file, `agent: { model: *gpt }\n`);
    expect(() => loadConfigFile(file)).toThrow(UserError);
    try {
      loadConfigFile(file);
    } catch (err) {
      expect((err as UserError).diagnostics).toEqual([
        expect.objectContaining({
          line: 1,
          col: 17,
          message: 'YAML alias `*gpt` has no anchor `&gpt` before it',
        }),
      ]);
    }
    writeFileSync(file, `${bomb()}\n`);
    expect(() => loadConfigFile(file)).toThrow(/cannot load the config file/);
  });
});
