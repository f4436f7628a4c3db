/** What the todoist APIs share: the kit, lookups and views of projects, sections and tasks. */
import { AppKit, getEntity, personRef, type AppCall } from '../kit/app.ts';
import { int, oneOf } from '../kit/args.ts';
import {
  COLORS,
  emptyTodoist,
  PRIORITIES,
  type Project,
  type Section,
  type SubTask,
  type Task,
  type TodoistState,
} from './state.ts';

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

/** Where a task goes among `length` others: at `index`, counted from the end when negative (-1: last). */
export function insertionPoint(index: number | undefined, length: number): number {
  if (index === undefined || index === -1) return length;
  return index < 0 ? Math.max(0, length + index + 1) : Math.min(index, length);
}

export const projectId = int('The ID of the project; 0 means your Inbox project.');
export const priority = oneOf(PRIORITIES, 'Priority.');
export const durationUnit = oneOf(['minutes', 'hours', 'days'], 'Unit of the duration.');

export function project(call: Call, id: number): Project {
  if (id === 0) {
    const inbox = Object.values(call.state.projects).find((p) => p.is_inbox);
    if (inbox) return inbox;
  }
  return getEntity(call.state.projects, id, 'Project', 'project_id');
}

export const section = (call: Call, id: number): Section =>
  getEntity(call.state.sections, id, 'Section', 'section_id');
export const subTask = (call: Call, id: number): SubTask =>
  getEntity(call.state.sub_tasks, id, 'Sub-task', 'sub_task_id');

/** Puts `item` at `index` (negative counts from the end) among `siblings` and renumbers them. */
export function place<T extends { order_index: number }>(
  siblings: T[],
  item: T,
  index: number | undefined,
): void {
  const ordered = siblings.filter((s) => s !== item).sort((a, b) => a.order_index - b.order_index);
  const at = insertionPoint(index, ordered.length);
  ordered.splice(at, 0, item);
  ordered.forEach((s, i) => (s.order_index = i));
}

export function projectView(call: Call, p: Project) {
  const s = call.state;
  const tasks = Object.values(s.tasks).filter((t) => t.project_id === p.project_id);
  const owner = call.owner;
  return {
    project_id: p.project_id,
    name: p.name,
    color: p.color,
    is_inbox: p.is_inbox,
    description: p.description,
    is_favorite: p.is_favorite,
    is_archived: p.is_archived,
    created_at: p.created_at,
    creator: personRef(s, owner.email ?? owner.username),
    num_tasks: tasks.length,
    sections: sectionsOf(call, p.project_id).map((x) => ({
      id: x.section_id,
      name: x.name,
      num_tasks: tasks.filter((t) => t.section_id === x.section_id).length,
    })),
    collaborators: [owner.email ?? owner.username, ...p.collaborators].map((e) => personRef(s, e)),
    is_shared: p.collaborators.length > 0,
  };
}

export function sectionsOf(call: Call, project: number): Section[] {
  return Object.values(call.state.sections)
    .filter((x) => x.project_id === project)
    .sort((a, b) => a.order_index - b.order_index);
}

export function labelsOf(call: Call, t: Task) {
  return t.label_ids
    .map((id) => call.state.labels[String(id)])
    .filter((l) => l !== undefined)
    .map((l) => ({ id: l.label_id, color: l.color, name: l.name }));
}

export function subTasksOf(call: Call, task: number): SubTask[] {
  return Object.values(call.state.sub_tasks)
    .filter((x) => x.task_id === task)
    .sort((a, b) => a.order_index - b.order_index);
}

export function taskRow(call: Call, t: Task) {
  return {
    order_index: t.order_index,
    task_id: t.task_id,
    title: t.title,
    description: t.description,
    num_sub_tasks: subTasksOf(call, t.task_id).length,
    is_completed: t.is_completed,
    due_date: t.due_date,
    priority: t.priority,
    duration: t.duration,
    duration_unit: t.duration_unit,
    assignee: t.assignee_email ? personRef(call.state, t.assignee_email) : null,
    labels: labelsOf(call, t),
  };
}

export function deleteTasks(call: Call, which: (t: Task) => boolean): void {
  const s = call.state;
  for (const t of Object.values(s.tasks).filter(which)) {
    delete s.tasks[String(t.task_id)];
    for (const x of subTasksOf(call, t.task_id)) delete s.sub_tasks[String(x.sub_task_id)];
    for (const c of Object.values(s.comments).filter((c) => c.task_id === t.task_id))
      delete s.comments[String(c.task_comment_id)];
  }
}
