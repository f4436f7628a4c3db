/** simple_note on the user's phone: the notes, one note, writing and editing. */
import { clip, type AppScreens } from '../screens/spec.ts';

export const simpleNoteScreens: AppScreens = {
  app: 'simple_note',
  title: 'Simple Note',
  home: 'notes',
  screens: [
    {
      kind: 'list',
      id: 'notes',
      title: 'Notes',
      api: 'search_notes',
      args: () => ({ page_limit: 20 }),
      items: (r) => r,
      label: (n) =>
        `${n.pinned ? '📌 ' : ''}${clip(n.title, 50)}${n.tags?.length ? `  #${n.tags.join(' #')}` : ''}`,
      open: { screen: 'note', params: (n) => ({ note_id: n.note_id }) },
      empty: '(no notes)',
      actions: [
        {
          name: 'new_note',
          label: 'new note',
          api: 'create_note',
          fields: ['title', 'content', 'tags?'],
        },
      ],
    },
    {
      kind: 'item',
      id: 'note',
      api: 'show_note',
      args: (p) => ({ note_id: p.note_id }),
      title: (n) => clip(n.title, 60),
      lines: (n) => [
        ...String(n.content ?? '').split('\n'),
        ...(n.tags?.length ? ['', `tags: ${n.tags.join(', ')}`] : []),
      ],
      actions: [
        {
          name: 'append',
          label: 'add to the note',
          api: 'add_content_to_note',
          fields: ['added_content'],
          fixed: (p) => ({ note_id: p.note_id, append_or_prepend: 'append' }),
        },
        {
          name: 'edit',
          label: 'edit the note',
          api: 'update_note',
          fields: ['title?', 'content?', 'tags?'],
          fixed: (p) => ({ note_id: p.note_id }),
        },
        {
          name: 'delete',
          label: 'delete the note',
          api: 'delete_note',
          fixed: (p) => ({ note_id: p.note_id }),
          then: 'back',
        },
      ],
    },
  ],
};
