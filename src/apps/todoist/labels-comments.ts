/** Todoist's labels and task comments. */
import { fail, getEntity, personRef, removeEntity } from '../kit/app.ts';
import { bool, int, name, paging, query, text } from '../kit/args.ts';
import { paginate, searchBy } from '../kit/query.ts';
import { color, kit, task, taskId, type Call } from './common.ts';
import type { TodoistState } from './state.ts';

const commentView = (call: Call, c: TodoistState['comments'][string]) => ({
  task_comment_id: c.task_comment_id,
  task_id: c.task_id,
  content: c.content,
  created_at: c.created_at,
  user: personRef(call.state, c.author_email),
  attachment_file_names: [] as string[],
});

export const labelAndCommentApis = [
  kit.api(
    'search_labels',
    "Search your labels, or a task's labels.",
    {
      query,
      task_id: int(
        'Only labels attached to (or, with task_attached false, not attached to) this task.',
      ).optional(),
      color: color.optional(),
      task_attached: bool('See task_id (default true).').optional(),
      ...paging,
    },
    (a, call) => {
      let list = Object.values(call.state.labels).filter(
        (l) => a.color === undefined || l.color === a.color,
      );
      if (a.task_id !== undefined) {
        const attached = task(call, a.task_id).label_ids;
        list = list.filter((l) => attached.includes(l.label_id) === (a.task_attached ?? true));
      }
      const creator = personRef(call.state, call.ownerEmail);
      return paginate(
        searchBy(list, a.query, (l) => l.name),
        a,
      ).map((l) => ({ name: l.name, color: l.color, label_id: l.label_id, creator }));
    },
  ),
  kit.api(
    'create_label',
    'Create a label.',
    { name: name('The name of the label.'), color: color.optional() },
    (a, call) => {
      const id = call.nextId('label');
      call.state.labels[String(id)] = { label_id: id, name: a.name, color: a.color ?? 'charcoal' };
      return { message: 'Label created.', label_id: id };
    },
  ),
  kit.api(
    'delete_label',
    'Delete a label (it is removed from every task).',
    { label_id: int('The ID of the label.') },
    (a, call) => {
      getEntity(call.state.labels, a.label_id, 'Label', 'label_id');
      for (const t of Object.values(call.state.tasks))
        t.label_ids = t.label_ids.filter((id) => id !== a.label_id);
      delete call.state.labels[String(a.label_id)];
      return { message: 'Label has been deleted.' };
    },
  ),
  kit.api(
    'add_label_to_task',
    'Add a label to a task.',
    { task_id: taskId, label_id: int('The ID of the label.') },
    (a, call) => {
      const t = task(call, a.task_id);
      getEntity(call.state.labels, a.label_id, 'Label', 'label_id');
      if (t.label_ids.includes(a.label_id)) fail(422, 'Label is already added to the task.');
      t.label_ids.push(a.label_id);
      return { message: 'Label added to the task.' };
    },
  ),
  kit.api(
    'remove_label_from_task',
    'Remove a label from a task.',
    { task_id: taskId, label_id: int('The ID of the label.') },
    (a, call) => {
      const t = task(call, a.task_id);
      getEntity(call.state.labels, a.label_id, 'Label', 'label_id');
      if (!t.label_ids.includes(a.label_id)) fail(422, 'Label is already not added to the task.');
      t.label_ids = t.label_ids.filter((id) => id !== a.label_id);
      return { message: 'Label removed from the task.' };
    },
  ),
  kit.api(
    'show_task_comments',
    'List the comments on a task.',
    { task_id: taskId, ...paging },
    (a, call) => {
      task(call, a.task_id);
      const list = Object.values(call.state.comments).filter((c) => c.task_id === a.task_id);
      return paginate(list, a).map((c) => commentView(call, c));
    },
  ),
  kit.api(
    'post_task_comment',
    'Post a comment on a task.',
    { task_id: taskId, content: text('The comment.') },
    (a, call) => {
      task(call, a.task_id);
      const id = call.nextId('comment');
      call.state.comments[String(id)] = {
        task_comment_id: id,
        task_id: a.task_id,
        content: a.content,
        author_email: call.ownerEmail,
        created_at: call.now,
      };
      return { message: 'Comment posted on the task.', task_comment_id: id };
    },
  ),
  kit.api(
    'show_task_comment',
    'Show a task comment.',
    { task_comment_id: int('The ID of the comment.') },
    (a, call) =>
      commentView(
        call,
        getEntity(call.state.comments, a.task_comment_id, 'Task comment', 'task_comment_id'),
      ),
  ),
  kit.api(
    'update_task_comment',
    'Change the text of a task comment.',
    { task_comment_id: int('The ID of the comment.'), content: text('The new text.').optional() },
    (a, call) => {
      const c = getEntity(
        call.state.comments,
        a.task_comment_id,
        'Task comment',
        'task_comment_id',
      );
      if (a.content !== undefined) c.content = a.content;
      return { message: 'Comment updated.' };
    },
  ),
  kit.api(
    'delete_task_comment',
    'Delete a task comment.',
    { task_comment_id: int('The ID of the comment.') },
    (a, call) => {
      removeEntity(call.state.comments, a.task_comment_id, 'Task comment', 'task_comment_id');
      return { message: 'Comment has been deleted.' };
    },
  ),
];
