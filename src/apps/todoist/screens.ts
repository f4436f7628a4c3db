/** todoist on the user's phone: projects, a project's tasks, one task. */
import { clip, type AppScreens } from '../screens/spec.ts';

export const todoistScreens: AppScreens = {
  app: 'todoist',
  title: 'Todoist',
  home: 'projects',
  screens: [
    {
      kind: 'list',
      id: 'projects',
      title: 'Projects',
      api: 'show_projects',
      items: (r) => r,
      label: (p) => `${clip(p.name, 50)} (${p.num_tasks ?? 0} tasks)`,
      open: { screen: 'project', params: (p) => ({ project_id: p.project_id, name: p.name }) },
      empty: '(no projects)',
      actions: [
        { name: 'new_project', label: 'new project', api: 'create_project', fields: ['name'] },
      ],
    },
    {
      kind: 'list',
      id: 'project',
      title: (p) => String(p.name ?? 'Project'),
      api: 'show_tasks',
      args: (p) => ({ project_id: p.project_id }),
      items: (r) => [
        ...(r.no_section_tasks ?? []),
        ...(r.sections ?? []).flatMap((x: { tasks: unknown[] }) => x.tasks),
      ],
      label: (t) =>
        `${t.is_completed ? '☑' : '☐'} ${clip(t.title, 50)}${t.due_date ? ` · due ${t.due_date}` : ''}`,
      open: { screen: 'task', params: (t) => ({ task_id: t.task_id }) },
      empty: '(no tasks)',
      actions: [
        {
          name: 'add_task',
          label: 'add a task',
          api: 'create_task',
          fields: ['title', 'due_date?', 'description?'],
          fixed: (p) => ({ project_id: p.project_id }),
        },
      ],
    },
    {
      kind: 'item',
      id: 'task',
      api: 'show_task',
      args: (p) => ({ task_id: p.task_id }),
      title: (t) => clip(t.title, 60),
      lines: (t) => [
        `${t.is_completed ? 'done' : 'to do'} · priority ${t.priority}${t.due_date ? ` · due ${t.due_date}` : ''}`,
        ...(t.description ? ['', ...String(t.description).split('\n')] : []),
      ],
      actions: [
        {
          name: 'complete',
          label: 'mark done',
          api: 'update_task',
          fixed: (p) => ({ task_id: p.task_id, is_completed: true }),
        },
        {
          name: 'edit',
          label: 'edit the task',
          api: 'update_task',
          fields: ['title?', 'due_date?', 'description?'],
          fixed: (p) => ({ task_id: p.task_id }),
        },
        {
          name: 'delete',
          label: 'delete the task',
          api: 'delete_task',
          fixed: (p) => ({ task_id: p.task_id }),
          then: 'back',
        },
      ],
    },
  ],
};
