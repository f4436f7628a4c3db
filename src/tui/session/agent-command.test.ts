import { describe, expect, it } from 'vitest';
import { parseAgentInput, toolTemplate } from './agent-command.ts';

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
    expect(parseAgentInput('Here is the plan.', tools)).toEqual({ ok: true, action: { kind: 'reply', text: 'Here is the plan.' } });
    expect(parseAgentInput('//etc is a folder', tools)).toEqual({ ok: true, action: { kind: 'reply', text: '/etc is a folder' } });
  });

  it('calls a tool with key=value arguments, quoted text and JSON values', () => {
    expect(parseAgentInput('/write_file path=plan.md content="# Plan\\nMonday: oats"', tools)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'write_file', args: { path: 'plan.md', content: '# Plan\nMonday: oats' } },
    });
    expect(parseAgentInput('/write_file {"path": "a.md", "content": "x"}', tools)).toMatchObject({
      ok: true,
      action: { args: { path: 'a.md', content: 'x' } },
    });
    expect(parseAgentInput('/list_files', tools)).toEqual({ ok: true, action: { kind: 'tool', name: 'list_files', args: {} } });
  });

  it('explains what is wrong instead of sending it', () => {
    expect(parseAgentInput('/delete_everything', tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('no tool delete_everything'),
    });
    expect(parseAgentInput('/write_file {"path": ', tools)).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(parseAgentInput('/write_file path', tools)).toMatchObject({ ok: false, error: expect.stringContaining('key=value') });
    expect(parseAgentInput('   ', tools)).toMatchObject({ ok: false });
  });

  it('starts a picked tool with its parameters to fill in, as a call that parses, the cursor in the first value', () => {
    const t = toolTemplate(tools[0]!);
    expect(t).toEqual({ text: '/write_file path="" content=""', cursor: '/write_file path="'.length });
    expect(parseAgentInput(t.text, tools)).toEqual({
      ok: true,
      action: { kind: 'tool', name: 'write_file', args: { path: '', content: '' } },
    });
    expect(toolTemplate(tools[1]!).text).toBe('/list_files ');
  });
});
