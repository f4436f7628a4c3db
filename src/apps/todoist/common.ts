/** What the todoist APIs share: the kit and task lookups. */
import { AppKit, getEntity, type AppCall } from '../kit/app.ts';
import { int, oneOf } from '../kit/args.ts';
import { COLORS, emptyTodoist, type Task, type TodoistState } from './state.ts';

export const kit = new AppKit<TodoistState>({
  name: 'todoist',
  title: 'Todoist',
  empty: emptyTodoist,
  accountFields: { verified: true },
});
export type Call = AppCall<TodoistState>;

export const taskId = int('The ID of the task.');
export const color = oneOf(COLORS, 'Color.');

export const task = (call: Call, id: number): Task =>
  getEntity(call.state.tasks, id, 'Task', 'task_id');
