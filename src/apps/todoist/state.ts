/** todoist state: projects with sections, tasks, sub-tasks, labels and comments. */
import { z } from 'zod';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  DateTimeSeed,
  emptyBase,
  personFromSeed,
  PersonSeed,
  SeedId,
  type BaseState,
  type EntityMap,
  type Person,
} from '../kit/state.ts';

export const COLORS = ['charcoal', 'red', 'blue', 'green', 'orange', 'yellow'] as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface Project {
  project_id: number;
  name: string;
  color: string;
  description: string;
  is_favorite: boolean;
  is_archived: boolean;
  is_inbox: boolean;
  /** Emails of people the project is shared with (the owner is always a member). */
  collaborators: string[];
  created_at: string;
}

export interface Section {
  section_id: number;
  project_id: number;
  name: string;
  order_index: number;
  created_at: string;
}

export interface Task {
  task_id: number;
  project_id: number;
  section_id: number | null;
  title: string;
  description: string;
  due_date: string | null;
  priority: Priority;
  is_completed: boolean;
  duration: number | null;
  duration_unit: string | null;
  order_index: number;
  assignee_email: string | null;
  assigner_email: string | null;
  label_ids: number[];
  created_at: string;
}

export interface SubTask {
  sub_task_id: number;
  task_id: number;
  title: string;
  description: string;
  due_date: string | null;
  priority: Priority;
  is_completed: boolean;
  order_index: number;
  created_at: string;
}

export interface Label {
  label_id: number;
  name: string;
  color: string;
}

export interface Comment {
  task_comment_id: number;
  task_id: number;
  content: string;
  author_email: string;
  created_at: string;
}

/** What AppWorld tells a collaborator about someone else's change to a shared project. */
export const NOTIFICATION_TYPES = [
  'project_updated',
  'project_deleted',
  'collaborator_joined',
  'collaborator_added',
  'collaborator_removed',
  'task_added',
  'task_updated',
  'task_deleted',
  'task_comment_added',
  'task_comment_updated',
  'task_comment_deleted',
  'task_assigned',
  'task_unassigned',
] as const;

export interface Notification {
  notification_id: number;
  type: string;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  /** Ids the notification is about (`project_id`, `task_id`, ...). */
  data: Record<string, number>;
}

export interface TodoistState extends BaseState {
  users: EntityMap<Person>;
  projects: EntityMap<Project>;
  sections: EntityMap<Section>;
  tasks: EntityMap<Task>;
  sub_tasks: EntityMap<SubTask>;
  labels: EntityMap<Label>;
  comments: EntityMap<Comment>;
  notifications: EntityMap<Notification>;
}

export const TODOIST_COLLECTIONS = [
  'users',
  'projects',
  'sections',
  'tasks',
  'sub_tasks',
  'labels',
  'comments',
  'notifications',
] as const;

const inbox = (id: number, now: string): Project => ({
  project_id: id,
  name: 'Inbox',
  color: 'charcoal',
  description: '',
  is_favorite: false,
  is_archived: false,
  is_inbox: true,
  collaborators: [],
  created_at: now,
});

export function emptyTodoist(): TodoistState {
  const base = emptyBase();
  return {
    ...base,
    next_id: { project: 2 },
    users: {},
    projects: { '1': inbox(1, base.now) },
    sections: {},
    tasks: {},
    sub_tasks: {},
    labels: {},
    comments: {},
    notifications: {},
  };
}

const SubTaskSeed = z.strictObject({
  id: SeedId,
  title: z.string().min(1),
  description: z.string().default(''),
  due_date: z.string().optional(),
  priority: z.enum(PRIORITIES).default('medium'),
  is_completed: z.boolean().default(false),
});

const TaskSeed = z.strictObject({
  id: SeedId,
  title: z.string().min(1),
  description: z.string().default(''),
  section: z.string().optional().meta({ description: 'name of a section of this project' }),
  due_date: z.string().optional(),
  priority: z.enum(PRIORITIES).default('medium'),
  is_completed: z.boolean().default(false),
  assignee_email: z.email().optional(),
  labels: z
    .array(z.string())
    .default([])
    .meta({ description: 'label names (declared under labels)' }),
  sub_tasks: z.array(SubTaskSeed).default([]),
});

const ProjectSeed = z.strictObject({
  id: SeedId,
  name: z.string().min(1),
  inbox: z
    .boolean()
    .default(false)
    .meta({ description: 'this is the Inbox project (project_id 0 in the APIs)' }),
  color: z.enum(COLORS).default('charcoal'),
  description: z.string().default(''),
  is_favorite: z.boolean().default(false),
  is_archived: z.boolean().default(false),
  collaborators: z.array(z.email()).default([]),
  sections: z.array(z.strictObject({ id: SeedId, name: z.string().min(1) })).default([]),
  tasks: z.array(TaskSeed).default([]),
});

const NotificationSeed = z.strictObject({
  id: SeedId,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().min(1),
  message: z.string().min(1),
  read: z.boolean().default(false),
  created_at: DateTimeSeed.optional(),
  data: z
    .record(z.string(), z.number().int())
    .default({})
    .meta({ description: 'ids it is about, e.g. { project_id: 2, task_id: 5 }' }),
});

export const TodoistSeed = z
  .strictObject({
    ...baseSeedShape,
    users: z.array(PersonSeed).optional().meta({ description: 'people tasks can be assigned to' }),
    labels: z
      .array(
        z.strictObject({
          id: SeedId,
          name: z.string().min(1),
          color: z.enum(COLORS).default('charcoal'),
        }),
      )
      .optional(),
    projects: z
      .array(ProjectSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'project'))
      .optional(),
    notifications: z
      .array(NotificationSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'notification'))
      .optional(),
  })
  .superRefine((seed, ctx) => {
    const labels = new Set((seed.labels ?? []).map((l) => l.name));
    (seed.projects ?? []).forEach((p, pi) => {
      const sections = new Set(p.sections.map((s) => s.name));
      p.tasks.forEach((t, ti) => {
        if (t.section !== undefined && !sections.has(t.section))
          ctx.addIssue({
            code: 'custom',
            path: ['projects', pi, 'tasks', ti, 'section'],
            message: `no section named "${t.section}" in project "${p.name}"`,
          });
        t.labels.forEach((l, li) => {
          if (!labels.has(l))
            ctx.addIssue({
              code: 'custom',
              path: ['projects', pi, 'tasks', ti, 'labels', li],
              message: `no label named "${l}" under labels`,
            });
        });
      });
    });
    if ((seed.projects ?? []).filter((p) => p.inbox).length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['projects'],
        message: 'only one project can be the inbox',
      });
  });

export function buildTodoist(seed: z.output<typeof TodoistSeed>): TodoistState {
  const base = baseFromSeed(seed);
  const now = base.now;
  const users = assignIds(seed.users ?? [], (u) => personFromSeed(u));
  const labels = assignIds(seed.labels ?? [], (l, id): Label => ({
    label_id: id,
    name: l.name,
    color: l.color,
  }));
  const labelId = new Map(Object.values(labels.map).map((l) => [l.name, l.label_id]));
  const seeded = seed.projects ?? [];
  const withInbox = seeded.some((p) => p.inbox)
    ? seeded
    : [ProjectSeed.parse({ name: 'Inbox', inbox: true }), ...seeded];
  const projects = assignIds(withInbox, (p, id): Project => ({
    project_id: id,
    name: p.name,
    color: p.color,
    description: p.description,
    is_favorite: p.is_favorite,
    is_archived: p.is_archived,
    is_inbox: p.inbox,
    collaborators: p.collaborators,
    created_at: now,
  }));
  const pairs = withInbox.map((p, i) => ({ p, id: projects.ids[i] ?? 0 }));
  const sections = assignIds(
    pairs.flatMap(({ p, id }) => p.sections.map((s, i) => ({ ...s, project: id, order: i }))),
    (s, id): Section => ({
      section_id: id,
      project_id: s.project,
      name: s.name,
      order_index: s.order,
      created_at: now,
    }),
  );
  const sectionId = (project: number, name: string | undefined) =>
    name === undefined
      ? null
      : (Object.values(sections.map).find((s) => s.project_id === project && s.name === name)
          ?.section_id ?? null);
  const tasks = assignIds(
    pairs.flatMap(({ p, id }) => p.tasks.map((t, i) => ({ ...t, project: id, order: i }))),
    (t, id): Task => ({
      task_id: id,
      project_id: t.project,
      section_id: sectionId(t.project, t.section),
      title: t.title,
      description: t.description,
      due_date: t.due_date ?? null,
      priority: t.priority,
      is_completed: t.is_completed,
      duration: null,
      duration_unit: null,
      order_index: t.order,
      assignee_email: t.assignee_email ?? null,
      assigner_email: t.assignee_email ? (base.account?.email ?? null) : null,
      label_ids: t.labels.map((l) => labelId.get(l) ?? 0),
      created_at: now,
    }),
  );
  const taskSeeds = pairs.flatMap(({ p }) => p.tasks);
  const subTasks = assignIds(
    taskSeeds.flatMap((t, i) =>
      t.sub_tasks.map((s, j) => ({ ...s, task: tasks.ids[i] ?? 0, order: j })),
    ),
    (s, id): SubTask => ({
      sub_task_id: id,
      task_id: s.task,
      title: s.title,
      description: s.description,
      due_date: s.due_date ?? null,
      priority: s.priority,
      is_completed: s.is_completed,
      order_index: s.order,
      created_at: now,
    }),
  );
  const notifications = assignIds(seed.notifications ?? [], (n, id): Notification => ({
    notification_id: id,
    type: n.type,
    title: n.title,
    message: n.message,
    read: n.read,
    created_at: n.created_at ?? now,
    data: n.data,
  }));
  return {
    ...base,
    next_id: {
      user: users.next,
      label: labels.next,
      project: projects.next,
      section: sections.next,
      task: tasks.next,
      sub_task: subTasks.next,
      comment: 1,
      notification: notifications.next,
    },
    users: users.map,
    projects: projects.map,
    sections: sections.map,
    tasks: tasks.map,
    sub_tasks: subTasks.map,
    labels: labels.map,
    comments: {},
    notifications: notifications.map,
  };
}
