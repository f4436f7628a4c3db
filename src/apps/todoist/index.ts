/** todoist: AppWorld's task manager (projects, sections, tasks, sub-tasks, labels, comments). */
import { applyChanges, fail, getEntity, isOwner, personRef, removeEntity } from '../kit/app.ts';
import { bool, email, int, name, num, oneOf, paging, query, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import { color, kit, task, taskId, type Call } from './common.ts';
import { labelAndCommentApis } from './labels-comments.ts';
import { notificationApis } from './notifications.ts';
import {
  buildTodoist,
  PRIORITIES,
  TODOIST_COLLECTIONS,
  TodoistSeed,
  type Project,
  type Section,
  type SubTask,
  type Task,
} from './state.ts';

/** Where a task goes among `length` others: at `index`, counted from the end when negative (-1: last). */
function insertionPoint(index: number | undefined, length: number): number {
  if (index === undefined || index === -1) return length;
  return index < 0 ? Math.max(0, length + index + 1) : Math.min(index, length);
}

const projectId = int('The ID of the project; 0 means your Inbox project.');
const priority = oneOf(PRIORITIES, 'Priority.');
const durationUnit = oneOf(['minutes', 'hours', 'days'], 'Unit of the duration.');

function project(call: Call, id: number): Project {
  if (id === 0) {
    const inbox = Object.values(call.state.projects).find((p) => p.is_inbox);
    if (inbox) return inbox;
  }
  return getEntity(call.state.projects, id, 'Project', 'project_id');
}

const section = (call: Call, id: number): Section =>
  getEntity(call.state.sections, id, 'Section', 'section_id');
const subTask = (call: Call, id: number): SubTask =>
  getEntity(call.state.sub_tasks, id, 'Sub-task', 'sub_task_id');

/** Puts `item` at `index` (negative counts from the end) among `siblings` and renumbers them. */
function place<T extends { order_index: number }>(
  siblings: T[],
  item: T,
  index: number | undefined,
): void {
  const ordered = siblings.filter((s) => s !== item).sort((a, b) => a.order_index - b.order_index);
  const at = insertionPoint(index, ordered.length);
  ordered.splice(at, 0, item);
  ordered.forEach((s, i) => (s.order_index = i));
}

function projectView(call: Call, p: Project) {
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

function sectionsOf(call: Call, project: number): Section[] {
  return Object.values(call.state.sections)
    .filter((x) => x.project_id === project)
    .sort((a, b) => a.order_index - b.order_index);
}

function labelsOf(call: Call, t: Task) {
  return t.label_ids
    .map((id) => call.state.labels[String(id)])
    .filter((l) => l !== undefined)
    .map((l) => ({ id: l.label_id, color: l.color, name: l.name }));
}

function subTasksOf(call: Call, task: number): SubTask[] {
  return Object.values(call.state.sub_tasks)
    .filter((x) => x.task_id === task)
    .sort((a, b) => a.order_index - b.order_index);
}

function taskRow(call: Call, t: Task) {
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

function deleteTasks(call: Call, which: (t: Task) => boolean): void {
  const s = call.state;
  for (const t of Object.values(s.tasks).filter(which)) {
    delete s.tasks[String(t.task_id)];
    for (const x of subTasksOf(call, t.task_id)) delete s.sub_tasks[String(x.sub_task_id)];
    for (const c of Object.values(s.comments).filter((c) => c.task_id === t.task_id))
      delete s.comments[String(c.task_comment_id)];
  }
}

const tools = [
  ...kit.accountApis(),
  kit.api(
    'show_projects',
    'Show or search your projects.',
    {
      query,
      color: color.optional(),
      is_favorite: bool('Filter by favorite status.').optional(),
      is_archived: bool('Filter by archived status.').optional(),
      ...paging,
      sort_by: text('+/- created_at; default -created_at.').optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.projects)
        .filter((p) => a.color === undefined || p.color === a.color)
        .filter((p) => a.is_favorite === undefined || p.is_favorite === a.is_favorite)
        .filter((p) => a.is_archived === undefined || p.is_archived === a.is_archived);
      list = a.query?.trim()
        ? searchBy(list, a.query, (p) => `${p.name} ${p.description}`)
        : sortBy(list, a.sort_by, '-created_at', 'project_id');
      return paginate(list, a).map((p) => projectView(call, p));
    },
  ),
  kit.api(
    'create_project',
    'Create a new project.',
    {
      name: name('The name of the project.'),
      color: color.optional(),
      description: text('The description of the project.').optional(),
      is_favorite: bool('Mark as favorite.').optional(),
    },
    (a, call) => {
      const id = call.nextId('project');
      call.state.projects[String(id)] = {
        project_id: id,
        name: a.name,
        color: a.color ?? 'charcoal',
        description: a.description ?? '',
        is_favorite: a.is_favorite ?? false,
        is_archived: false,
        is_inbox: false,
        collaborators: [],
        created_at: call.now,
      };
      return { message: 'Project created.', project_id: id };
    },
  ),
  kit.api(
    'show_project',
    'Show a project with its sections and collaborators.',
    { project_id: projectId },
    (a, call) => projectView(call, project(call, a.project_id)),
  ),
  kit.api(
    'update_project',
    'Update a project; only the fields given change.',
    {
      project_id: projectId,
      name: name('New name.').optional(),
      color: color.optional(),
      description: text('New description.').optional(),
      is_favorite: bool('Favorite status.').optional(),
      is_archived: bool('Archived status.').optional(),
    },
    (a, call) => {
      const p = project(call, a.project_id);
      if (p.is_inbox && (a.name !== undefined || a.is_archived))
        fail(422, 'The Inbox project cannot be renamed or archived.');
      applyChanges(p, {
        name: a.name,
        color: a.color,
        description: a.description,
        is_favorite: a.is_favorite,
        is_archived: a.is_archived,
      });
      return { message: 'Project information updated.' };
    },
  ),
  kit.api(
    'delete_project',
    'Delete a project with its sections, tasks, sub-tasks and comments.',
    { project_id: projectId },
    (a, call) => {
      const p = project(call, a.project_id);
      if (p.is_inbox) fail(422, 'You cannot delete your Inbox project.');
      deleteTasks(call, (t) => t.project_id === p.project_id);
      for (const x of sectionsOf(call, p.project_id))
        delete call.state.sections[String(x.section_id)];
      delete call.state.projects[String(p.project_id)];
      return {
        message: 'Project and its associated, sections, tasks and sub_tasks have been deleted.',
      };
    },
  ),
  kit.api(
    'show_sections',
    'List the sections of a project.',
    { project_id: projectId },
    (a, call) => {
      const p = project(call, a.project_id);
      return sectionsOf(call, p.project_id).map((x) => ({
        project_id: x.project_id,
        name: x.name,
        order_index: x.order_index,
        created_at: x.created_at,
        section_id: x.section_id,
        num_tasks: Object.values(call.state.tasks).filter((t) => t.section_id === x.section_id)
          .length,
      }));
    },
  ),
  kit.api(
    'create_section',
    'Create a section in a project.',
    {
      project_id: projectId,
      name: name('The name of the section.'),
      order_index: int('Position among the sections: 0 first, -1 last (default).').optional(),
    },
    (a, call) => {
      const p = project(call, a.project_id);
      const id = call.nextId('section');
      const created: Section = {
        section_id: id,
        project_id: p.project_id,
        name: a.name,
        order_index: 0,
        created_at: call.now,
      };
      call.state.sections[String(id)] = created;
      place(sectionsOf(call, p.project_id), created, a.order_index);
      return { message: 'Project section created.', section_id: id };
    },
  ),
  kit.api(
    'update_section',
    'Rename or move a section.',
    {
      section_id: int('The ID of the section.'),
      name: name('New name.').optional(),
      order_index: int('New position.').optional(),
    },
    (a, call) => {
      const x = section(call, a.section_id);
      if (a.name !== undefined) x.name = a.name;
      if (a.order_index !== undefined) place(sectionsOf(call, x.project_id), x, a.order_index);
      return { message: 'Project section information updated.' };
    },
  ),
  kit.api(
    'delete_section',
    'Delete a section and the tasks in it.',
    { section_id: int('The ID of the section.') },
    (a, call) => {
      const x = section(call, a.section_id);
      deleteTasks(call, (t) => t.section_id === x.section_id);
      delete call.state.sections[String(x.section_id)];
      return {
        message: 'Project section and its associated tasks and sub_tasks have been deleted.',
      };
    },
  ),
  kit.api(
    'show_tasks',
    'List the tasks of a project, grouped by section.',
    {
      project_id: projectId,
      section_id: int('Only this section; 0 for tasks without a section.').optional(),
      assignee_email: email('Only tasks assigned to this person.').optional(),
      priority: priority.optional(),
      is_completed: bool('Filter by completion.').optional(),
      label_id: int('Only tasks with this label.').optional(),
      sort_by: text('+/- order_index, due_date or priority; default +order_index.').optional(),
    },
    (a, call) => {
      const p = project(call, a.project_id);
      const rows = sortBy(
        Object.values(call.state.tasks)
          .filter((t) => t.project_id === p.project_id)
          .filter((t) => a.assignee_email === undefined || t.assignee_email === a.assignee_email)
          .filter((t) => a.priority === undefined || t.priority === a.priority)
          .filter((t) => a.is_completed === undefined || t.is_completed === a.is_completed)
          .filter((t) => a.label_id === undefined || t.label_ids.includes(a.label_id)),
        a.sort_by,
        '+order_index',
        'task_id',
      );
      const wanted = (sid: number | null) =>
        a.section_id === undefined || (a.section_id === 0 ? sid === null : sid === a.section_id);
      return {
        project_id: p.project_id,
        no_section_tasks: wanted(null)
          ? rows.filter((t) => t.section_id === null).map((t) => taskRow(call, t))
          : [],
        // As AppWorld: only sections that have (matching) tasks, in section order.
        sections: sectionsOf(call, p.project_id)
          .filter((x) => wanted(x.section_id))
          .map((x) => ({
            section_id: x.section_id,
            tasks: rows.filter((t) => t.section_id === x.section_id).map((t) => taskRow(call, t)),
          }))
          .filter((x) => x.tasks.length),
      };
    },
  ),
  kit.api(
    'create_task',
    'Create a task in a project (0: your Inbox), optionally in one of its sections.',
    {
      title: name('The title of the task.'),
      project_id: projectId,
      section_id: int('The ID of a section of that project (0 or absent: no section).').optional(),
      description: text('The description of the task.').optional(),
      due_date: text('Due date, YYYY-MM-DD.').optional(),
      duration: num('Duration of the task.').optional(),
      duration_unit: durationUnit.optional(),
      order_index: int('Position: 0 first, -1 last (default).').optional(),
      priority: priority.optional(),
    },
    (a, call) => {
      const p = project(call, a.project_id);
      const sectionId = a.section_id ? a.section_id : null; // 0 means "no section", as in show_tasks
      if (sectionId !== null && section(call, sectionId).project_id !== p.project_id)
        fail(422, `Section ${sectionId} is not in project ${p.project_id}.`);
      const id = call.nextId('task');
      const created: Task = {
        task_id: id,
        project_id: p.project_id,
        section_id: sectionId,
        title: a.title,
        description: a.description ?? '',
        due_date: a.due_date ?? null,
        priority: a.priority ?? 'medium',
        is_completed: false,
        duration: a.duration ?? null,
        duration_unit: a.duration_unit ?? null,
        order_index: 0,
        assignee_email: null,
        assigner_email: null,
        label_ids: [],
        created_at: call.now,
      };
      call.state.tasks[String(id)] = created;
      place(
        Object.values(call.state.tasks).filter(
          (t) => t.project_id === p.project_id && t.section_id === created.section_id,
        ),
        created,
        a.order_index,
      );
      return { message: 'Task created.', task_id: id };
    },
  ),
  kit.api('show_task', 'Show a task in full.', { task_id: taskId }, (a, call) => {
    const t = task(call, a.task_id);
    return {
      task_id: t.task_id,
      project_id: t.project_id,
      section_id: t.section_id,
      title: t.title,
      description: t.description,
      due_date: t.due_date,
      priority: t.priority,
      is_completed: t.is_completed,
      duration: t.duration,
      duration_unit: t.duration_unit,
      order_index: t.order_index,
      assignee: t.assignee_email ? personRef(call.state, t.assignee_email) : null,
      assigner: t.assigner_email ? personRef(call.state, t.assigner_email) : null,
      created_at: t.created_at,
      labels: labelsOf(call, t),
      num_sub_tasks: subTasksOf(call, t.task_id).length,
    };
  }),
  kit.api(
    'update_task',
    'Update a task; only the fields given change.',
    {
      task_id: taskId,
      title: name('New title.').optional(),
      description: text('New description.').optional(),
      due_date: text('New due date, YYYY-MM-DD.').optional(),
      duration: num('New duration.').optional(),
      duration_unit: durationUnit.optional(),
      is_completed: bool('Completion status.').optional(),
      order_index: int('New position in its section.').optional(),
      priority: priority.optional(),
    },
    (a, call) => {
      const t = task(call, a.task_id);
      const { task_id: _id, access_token: _token, order_index: _order, ...changes } = a;
      applyChanges(t, changes);
      if (a.order_index !== undefined)
        place(
          Object.values(call.state.tasks).filter(
            (x) => x.project_id === t.project_id && x.section_id === t.section_id,
          ),
          t,
          a.order_index,
        );
      return { message: 'Task information updated.' };
    },
  ),
  kit.api(
    'delete_task',
    'Delete a task with its sub-tasks and comments.',
    { task_id: taskId },
    (a, call) => {
      task(call, a.task_id);
      deleteTasks(call, (t) => t.task_id === a.task_id);
      return { message: 'Task and its associated sub_tasks have been deleted.' };
    },
  ),
  kit.api(
    'assign_or_unassign_task',
    'Assign a task to yourself, a project collaborator or a known user; without assignee_email the task is unassigned.',
    { task_id: taskId, assignee_email: email('Email of the assignee.').optional() },
    (a, call) => {
      const t = task(call, a.task_id);
      if (a.assignee_email === undefined) {
        t.assignee_email = null;
        t.assigner_email = null;
        return { message: 'Task unassigned.' };
      }
      const p = project(call, t.project_id);
      const known =
        isOwner(call.owner, a.assignee_email) ||
        p.collaborators.includes(a.assignee_email) ||
        Object.values(call.state.users).some((u) => u.email === a.assignee_email);
      if (!known)
        fail(
          422,
          `${a.assignee_email} is neither you nor a collaborator on project ${p.project_id}.`,
        );
      t.assignee_email = a.assignee_email;
      t.assigner_email = call.ownerEmail;
      return { message: 'Task assigned.' };
    },
  ),
  kit.api('show_sub_tasks', 'List the sub-tasks of a task.', { task_id: taskId }, (a, call) => {
    task(call, a.task_id);
    return subTasksOf(call, a.task_id).map((x) => ({ ...x }));
  }),
  kit.api(
    'create_sub_task',
    'Create a sub-task of a task.',
    {
      task_id: taskId,
      title: name('The title of the sub-task.'),
      description: text('The description.').optional(),
      due_date: text('Due date, YYYY-MM-DD.').optional(),
      priority: priority.optional(),
      order_index: int('Position: 0 first, -1 last (default).').optional(),
    },
    (a, call) => {
      task(call, a.task_id);
      const id = call.nextId('sub_task');
      const created: SubTask = {
        sub_task_id: id,
        task_id: a.task_id,
        title: a.title,
        description: a.description ?? '',
        due_date: a.due_date ?? null,
        priority: a.priority ?? 'medium',
        is_completed: false,
        order_index: 0,
        created_at: call.now,
      };
      call.state.sub_tasks[String(id)] = created;
      place(subTasksOf(call, a.task_id), created, a.order_index);
      return { message: 'Subtask created.', sub_task_id: id };
    },
  ),
  kit.api(
    'update_sub_task',
    'Update a sub-task; only the fields given change.',
    {
      sub_task_id: int('The ID of the sub-task.'),
      title: name('New title.').optional(),
      description: text('New description.').optional(),
      due_date: text('New due date, YYYY-MM-DD.').optional(),
      priority: priority.optional(),
      is_completed: bool('Completion status.').optional(),
      order_index: int('New position.').optional(),
    },
    (a, call) => {
      const x = subTask(call, a.sub_task_id);
      const { sub_task_id: _id, access_token: _token, order_index: _order, ...changes } = a;
      applyChanges(x, changes);
      if (a.order_index !== undefined) place(subTasksOf(call, x.task_id), x, a.order_index);
      return { message: 'Subtask information updated.' };
    },
  ),
  kit.api(
    'delete_sub_task',
    'Delete a sub-task.',
    { sub_task_id: int('The ID of the sub-task.') },
    (a, call) => {
      removeEntity(call.state.sub_tasks, a.sub_task_id, 'Sub-task', 'sub_task_id');
      return { message: 'Subtask has been deleted.' };
    },
  ),
  ...labelAndCommentApis,
  ...notificationApis,
];

export const todoist = defineApp({
  name: 'todoist',
  title: 'Todoist',
  seedSchema: TodoistSeed,
  collections: TODOIST_COLLECTIONS,
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'show_projects',
    'show_project',
    'show_sections',
    'show_tasks',
    'show_task',
    'show_sub_tasks',
    'search_labels',
    'show_task_comments',
    'show_task_comment',
    'search_users',
    'show_notifications',
    'show_notifications_count',
  ],
  tools,
  build: buildTodoist,
});
