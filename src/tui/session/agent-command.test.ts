import { describe, expect, it } from 'vitest';
import { parseAgentInput, toolTemplate } from './agent-command.ts';
import { hintsOf } from './live.ts';
import { createToolRegistry } from '../../tools/index.ts';
import { installedParadigms } from '../../scenario/paradigms.ts';

const tools = [
  {
    name: 'write_file',
    description: 'write',
    params: [
      { name: 'path', required: true },
      { name: 'content', required: true },
    ],
  },
  { name: 'list_files', description: 'list', params: [] },
];

describe('what a person playing the agent types', () => {
  it('is a reply unless it starts with a slash', () => {
    expect(parseAgentInput('Here is the plan.', tools)).toEqual({
      ok: true,
      action: { kind: 'reply', text: 'Here is the plan.' },
    });
    expect(parseAgentInput('//etc is a folder', tools)).toEqual({
      ok: true,
      action: { kind: 'reply', text: '/etc is a folder' },
    });
  });

  it('calls a tool with key=value arguments, quoted text and JSON values', () => {
    expect(
      parseAgentInput('/write_file path=plan.md content="# Plan\\nMonday: oats"', tools),
    ).toEqual({
      ok: true,
      action: {
        kind: 'tool',
        name: 'write_file',
        args: { path: 'plan.md', content: '# Plan\nMonday: oats' },
      },
    });
    expect(parseAgentInput('/write_file {"path": "a.md", "content": "x"}', tools)).toMatchObject({
      ok: true,
      action: { args: { path: 'a.md', content: 'x' } },
    });
    expect(parseAgentInput('/list_files', tools)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'list_files', args: {} },
    });
  });

  it('explains what is wrong instead of sending it', () => {
    expect(parseAgentInput('/delete_everything', tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('no tool delete_everything'),
    });
    expect(parseAgentInput('/write_file {"path": ', tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('not JSON'),
    });
    expect(parseAgentInput('/write_file path', tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('key=value'),
    });
    expect(parseAgentInput('   ', tools)).toMatchObject({ ok: false });
  });

  it('starts a picked tool with its parameters to fill in, as a call that parses, the cursor in the first value', () => {
    const t = toolTemplate(tools[0]!);
    expect(t).toEqual({
      text: '/write_file path="" content=""',
      cursor: '/write_file path="'.length,
    });
    expect(parseAgentInput(t.text, tools)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'write_file', args: { path: '', content: '' } },
    });
    expect(toolTemplate(tools[1]!).text).toBe('/list_files ');
  });
});

describe('the tool picker’s templates', () => {
  const registry = createToolRegistry();
  const defs = [
    ...registry.forGroups(registry.groups()),
    ...installedParadigms().flatMap((p) => p.sessionTools ?? []),
  ];

  it('every tool’s template, sent as inserted, parses and passes the tool’s own argument check', () => {
    const hints = hintsOf(defs);
    const refused: string[] = [];
    for (const [i, def] of defs.entries()) {
      const parsed = parseAgentInput(toolTemplate(hints[i]!).text, hints);
      if (!parsed.ok || parsed.action.kind !== 'tool') {
        refused.push(`${def.name}: ${parsed.ok ? 'not a call' : parsed.error}`);
        continue;
      }
      const checked = def.parameters.safeParse(parsed.action.args);
      if (!checked.success)
        refused.push(
          `${def.name}: ${checked.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`,
        );
    }
    expect(defs.length).toBeGreaterThan(50);
    expect(refused).toEqual([]);
  });

  it('read_file runs as inserted: its optional offset and limit are left out, not sent as text', async () => {
    const hints = hintsOf(defs);
    const t = toolTemplate(hints.find((h) => h.name === 'read_file')!);
    expect(t.text).toBe('/read_file path="" offset="" limit=""');
    const filled = t.text.slice(0, t.cursor) + 'notes.md' + t.text.slice(t.cursor);
    expect(parseAgentInput(filled, hints)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'read_file', args: { path: 'notes.md' } },
    });
    expect(parseAgentInput('/read_file path=notes.md offset=3', hints)).toMatchObject({
      ok: true,
      action: { args: { offset: 3 } },
    });
  });
});
