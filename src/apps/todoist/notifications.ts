/**
 * Todoist's notifications and user search. In AppWorld a notification tells a collaborator
 * about someone else's change to a shared project; the owner's own calls never notify the
 * owner, so here notifications are what a scenario seeds.
 */
import { getEntity, removeEntity } from '../kit/app.ts';
import { bool, int, paging } from '../kit/args.ts';
import { paginate, sortBy } from '../kit/query.ts';
import { kit } from './common.ts';
import type { Notification, TodoistState } from './state.ts';

const readFilter = (read: boolean | undefined) => (n: Notification) =>
  read === undefined || n.read === read;

const notification = (state: TodoistState, id: number) =>
  getEntity(state.notifications, id, 'Notification', 'notification_id');

export const notificationApis = [
  kit.searchUsersApi('Search Todoist users by name or email address.'),
  kit.api(
    'show_notifications',
    'List your notifications, newest first.',
    {
      ...paging,
      read: bool('Only read (true) or unread (false) notifications; all when absent.').optional(),
    },
    (a, call) =>
      paginate(
        sortBy(
          Object.values(call.state.notifications).filter(readFilter(a.read)),
          undefined,
          '-created_at',
          'notification_id',
        ),
        a,
      ),
  ),
  kit.api(
    'show_notifications_count',
    'Count your notifications.',
    { read: bool('Count only read (true) or unread (false) ones; all when absent.').optional() },
    (a, call) => ({
      notifications_count: Object.values(call.state.notifications).filter(readFilter(a.read))
        .length,
    }),
  ),
  kit.api(
    'mark_notification',
    'Mark a notification as read or unread.',
    {
      notification_id: int('ID of the notification to mark.'),
      read: bool('Mark the notification as read (true) or unread (false).'),
    },
    (a, call) => {
      notification(call.state, a.notification_id).read = a.read;
      return { message: `Marked notification as ${a.read ? 'read' : 'unread'}.` };
    },
  ),
  kit.api(
    'mark_notifications',
    'Mark all your notifications as read or unread.',
    { read: bool('Read status to set.') },
    (a, call) => {
      for (const n of Object.values(call.state.notifications)) n.read = a.read;
      return { message: `Marked all notifications as ${a.read ? 'read' : 'unread'}.` };
    },
  ),
  kit.api(
    'delete_notification',
    'Delete a notification.',
    { notification_id: int('The ID of the notification to delete.') },
    (a, call) => {
      removeEntity(call.state.notifications, a.notification_id, 'Notification', 'notification_id');
      return { message: 'Notification deleted.' };
    },
  ),
  kit.api('delete_notifications', 'Delete all of your notifications.', {}, (_a, call) => {
    call.state.notifications = {};
    return { message: 'Deleted all notifications.' };
  }),
];
