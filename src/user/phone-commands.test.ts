/** What a person types on the phone, read against the screen showing: forms are filled a field per move. */
import { describe, expect, it } from 'vitest';
import type { ScreenView } from '../contracts/screens.ts';
import { phoneCommand } from './phone-commands.ts';

const list: ScreenView = {
  app: 'todoist',
  screen: 'project',
  title: 'Shopping',
  lines: ['1. ☐ Eggs'],
  actions: [{ name: 'add_task', label: 'add a task', fields: [{ name: 'title', required: true }] }],
};
const form: ScreenView = {
  app: 'todoist',
  screen: 'form',
  title: 'add a task',
  lines: ['title: (empty)', 'due_date (optional): (empty)'],
  actions: [
    {
      name: 'fill',
      label: 'fill a field',
      fields: [
        { name: 'field', required: true },
        { name: 'value', required: true },
      ],
    },
  ],
};

describe('phone commands', () => {
  it('opens a form by its action, then fills one field per move and submits', () => {
    expect(phoneCommand('add_task', list)).toEqual({
      kind: 'screen',
      app: 'todoist',
      action: 'add_task',
    });
    expect(phoneCommand('fill title Hand soap', form)).toEqual({
      kind: 'screen',
      app: 'todoist',
      action: 'fill',
      args: { field: 'title', value: 'Hand soap' },
    });
    expect(phoneCommand('due_date 2026-05-01', form)).toMatchObject({
      action: 'fill',
      args: { field: 'due_date', value: '2026-05-01' },
    });
    expect(phoneCommand('fill title | a | b', form)).toMatchObject({
      args: { field: 'title', value: 'a | b' },
    });
    expect(phoneCommand('submit', form)).toEqual({
      kind: 'screen',
      app: 'todoist',
      action: 'submit',
    });
  });
});
