/** todoist: AppWorld's task manager (projects, sections, tasks, sub-tasks, labels, comments). */
import { applyChanges, fail, isOwner, personRef, removeEntity } from '../kit/app.ts';
import { bool, email, int, name, num, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { sortBy } from '../kit/query.ts';
import {
  kit,
  task,
  taskId,
  deleteTasks,
  durationUnit,
  labelsOf,
  place,
  priority,
  project,
  projectId,
  section,
  sectionsOf,
  subTask,
  subTasksOf,
  taskRow,
} from './common.ts';
import { projectAndSectionApis } from './projects.ts';
import { labelAndCommentApis } from './labels-comments.ts';
import { notificationApis } from './notifications.ts';
import {
  buildTodoist,
  TODOIST_COLLECTIONS,
  TodoistSeed,
  type SubTask,
  type Task,
} from './state.ts';

const tools = [
  ...kit.accountApis(),
  ...projectAndSectionApis,
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
