/** Todoist's projects and their sections. */
import { applyChanges, fail } from '../kit/app.ts';
import { bool, int, name, paging, query, text } from '../kit/args.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import {
  color,
  kit,
  deleteTasks,
  place,
  project,
  projectId,
  projectView,
  section,
  sectionsOf,
} from './common.ts';
import { type Section } from './state.ts';

export const projectAndSectionApis = [
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
];
