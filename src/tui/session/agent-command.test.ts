import { describe, expect, it } from 'vitest';
import { parseAgentInput, toolTemplate } from './agent-command.ts';
import { hintsOf } from './tool-hints.ts';
import { templateValues, type TemplateWorld } from './template-values.ts';
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

  it('starts a picked tool with its required parameters, the cursor in the first to fill', () => {
    const t = toolTemplate(tools[0]!, { given: { content: '"# Plan"' }, toFill: ['path'] });
    expect(t).toEqual({
      text: '/write_file path="" content="# Plan"',
      cursor: '/write_file path="'.length,
    });
    expect(toolTemplate(tools[1]!).text).toBe('/list_files ');
  });

  it('asks for a value to fill that is still empty instead of sending it', () => {
    const hints = [
      {
        name: 'gmail__show_email',
        description: 'show',
        params: [
          { name: 'email_id', required: true, fill: true },
          { name: 'access_token', required: true, fill: true },
          { name: 'note', required: false },
        ],
      },
    ];
    expect(parseAgentInput('/gmail__show_email email_id=3 access_token=""', hints)).toEqual({
      ok: false,
      error: 'fill in access_token: log in first (/gmail__login)',
    });
    expect(parseAgentInput('/gmail__show_email email_id="" access_token=t note=""', hints)).toEqual(
      { ok: false, error: 'fill in email_id' },
    );
    expect(parseAgentInput('/gmail__show_email email_id=3 access_token=t note=""', hints)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'gmail__show_email', args: { email_id: 3, access_token: 't' } },
    });
  });
});

describe('the tool picker’s templates', () => {
  const registry = createToolRegistry();
  const defs = [
    ...registry.forGroups(registry.groups()),
    ...installedParadigms().flatMap((p) => p.sessionTools ?? []),
  ];

  it('every tool’s template, as inserted in an empty session, passes the tool’s own check or asks for what it needs', () => {
    const hints = hintsOf(defs);
    const refused: string[] = [];
    for (const [i, def] of defs.entries()) {
      const parsed = parseAgentInput(toolTemplate(hints[i]!).text, hints);
      if (!parsed.ok) {
        // Only a value the hint marks as one to give may be asked for.
        const asked = /^fill in ([\w, ]+?)(:|$)/.exec(parsed.error)?.[1]?.split(', ') ?? [];
        const toGive = hints[i]!.params.filter((p) => p.fill).map((p) => p.name);
        if (!asked.length || asked.some((n) => !toGive.includes(n)))
          refused.push(`${def.name}: ${parsed.error}`);
        continue;
      }
      if (parsed.action.kind !== 'tool') {
        refused.push(`${def.name}: not a call`);
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

  it('read_file leaves its optional offset and limit out: a number typed in is sent as one', () => {
    const hints = hintsOf(defs);
    const readFile = hints.find((h) => h.name === 'read_file')!;
    const t = toolTemplate(readFile, { given: { path: '"notes.md"' }, toFill: [] });
    expect(t.text).toBe('/read_file path="notes.md"');
    expect(parseAgentInput(t.text, hints)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'read_file', args: { path: 'notes.md' } },
    });
    expect(parseAgentInput('/read_file path=notes.md offset=3 limit=""', hints)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'read_file', args: { path: 'notes.md', offset: 3 } },
    });
    expect(parseAgentInput('/read_file path=""', hints)).toEqual({
      ok: false,
      error: 'fill in path',
    });
  });

  it('a sentence typed right after picking write_file or write_memory goes into the text it writes', () => {
    const hints = hintsOf(defs);
    const world: TemplateWorld = {
      files: ['plan.md'],
      readText: () => '# Plan\nMonday: oats\n',
      appState: () => undefined,
      reminders: [],
    };
    const sentence = 'Lin eats breakfast at the lab café.';
    const typed = (name: string) => {
      const hint = hints.find((h) => h.name === name)!;
      const t = toolTemplate(hint, templateValues(hint, world));
      const parsed = parseAgentInput(
        t.text.slice(0, t.cursor) + sentence + t.text.slice(t.cursor),
        hints,
      );
      return parsed.ok && parsed.action.kind === 'tool' ? parsed.action.args : parsed;
    };
    expect(typed('write_memory')).toEqual({
      key: 'notes',
      content: `What I learned this session: ${sentence}`,
    });
    expect(typed('write_file')).toEqual({ path: 'notes.md', content: `# Notes\n${sentence}` });
    expect(typed('edit_file')).toMatchObject({ new_string: `# Plan${sentence}` });
  });
});
