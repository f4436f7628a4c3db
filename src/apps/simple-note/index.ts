/** simple_note: AppWorld's note-taking app (notes with titles, tags and pins). */
import { z } from 'zod';
import { AppKit, applyChanges, getEntity, removeEntity } from '../kit/app.ts';
import { bool, int, name, oneOf, paging, query, strings, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  emptyBase,
  SeedId,
  type BaseState,
  type EntityMap,
} from '../kit/state.ts';

export interface Note {
  note_id: number;
  title: string;
  content: string;
  tags: string[];
  pinned: boolean;
  created_at: string;
  updated_at: string;
}

export interface SimpleNoteState extends BaseState {
  notes: EntityMap<Note>;
}

const NoteSeed = z.strictObject({
  id: SeedId,
  title: z.string().min(1),
  content: z.string().default(''),
  tags: z.array(z.string()).default([]),
  pinned: z.boolean().default(false),
});

export const SimpleNoteSeed = z.strictObject({
  ...baseSeedShape,
  notes: z
    .array(NoteSeed)
    .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'note'))
    .optional(),
});

function build(seed: z.output<typeof SimpleNoteSeed>): SimpleNoteState {
  const base = baseFromSeed(seed);
  const notes = assignIds(seed.notes ?? [], (n, id) => ({
    note_id: id,
    title: n.title,
    content: n.content,
    tags: n.tags,
    pinned: n.pinned,
    created_at: base.now,
    updated_at: base.now,
  }));
  return { ...base, next_id: { ...base.next_id, note: notes.next }, notes: notes.map };
}

const kit = new AppKit<SimpleNoteState>({
  name: 'simple_note',
  title: 'Simple Note',
  empty: () => ({ ...emptyBase(), notes: {} }),
});
const noteId = int('ID of the note.');

const summary = (n: Note) => ({
  note_id: n.note_id,
  title: n.title,
  tags: n.tags,
  created_at: n.created_at,
  updated_at: n.updated_at,
  pinned: n.pinned,
});

const tools = [
  ...kit.accountApis(),
  kit.api(
    'search_notes',
    'Search your notes (title, content and tags). Returns note summaries without content; use show_note for the content.',
    {
      query,
      tags: strings('Only notes having any of these tags.').optional(),
      pinned: bool('Filter by pinned status.').optional(),
      dont_reorder_pinned: bool('If true, pinned notes are not moved to the top.').optional(),
      ...paging,
      sort_by: text('+/- created_at or updated_at; default -updated_at.').optional(),
    },
    (a, call) => {
      let notes = Object.values(call.state.notes);
      const tags = new Set((a.tags ?? []).map((t) => t.toLowerCase()));
      if (tags.size) notes = notes.filter((n) => n.tags.some((t) => tags.has(t.toLowerCase())));
      if (a.pinned !== undefined) notes = notes.filter((n) => n.pinned === a.pinned);
      notes = a.query?.trim()
        ? searchBy(notes, a.query, (n) => `${n.title} ${n.content} ${n.tags.join(' ')}`)
        : sortBy(notes, a.sort_by, '-updated_at', 'note_id');
      if (!a.dont_reorder_pinned)
        notes = [...notes.filter((n) => n.pinned), ...notes.filter((n) => !n.pinned)];
      return paginate(notes, a).map(summary);
    },
  ),
  kit.api(
    'create_note',
    'Create a new note.',
    {
      title: name('Title of the note.'),
      content: text('Content of the note.'),
      tags: strings('Tags for the note.').optional(),
      pinned: bool('Pinned status of the note.').optional(),
    },
    (a, call) => {
      const id = call.nextId('note');
      call.state.notes[String(id)] = {
        note_id: id,
        title: a.title,
        content: a.content,
        tags: a.tags ?? [],
        pinned: a.pinned ?? false,
        created_at: call.now,
        updated_at: call.now,
      };
      return { message: 'Note created.', note_id: id };
    },
  ),
  kit.api(
    'show_note',
    'Show a note in full, including its content.',
    { note_id: noteId },
    (a, call) => ({
      ...getEntity(call.state.notes, a.note_id, 'Note', 'note_id'),
    }),
  ),
  kit.api('delete_note', 'Delete a note.', { note_id: noteId }, (a, call) => {
    removeEntity(call.state.notes, a.note_id, 'Note', 'note_id');
    return { message: 'Note deleted.' };
  }),
  kit.api(
    'update_note',
    "Update a note's title, content, tags and/or pinned status (content replaces the old content).",
    {
      note_id: noteId,
      title: name('Updated title.').optional(),
      content: text('Updated content.').optional(),
      tags: strings('Updated tags.').optional(),
      pinned: bool('Updated pinned status.').optional(),
    },
    (a, call) => {
      const note = getEntity(call.state.notes, a.note_id, 'Note', 'note_id');
      applyChanges(note, { title: a.title, content: a.content, tags: a.tags, pinned: a.pinned });
      note.updated_at = call.now;
      return { message: 'Note updated.' };
    },
  ),
  kit.api(
    'add_content_to_note',
    'Append or prepend content to a note; a new line separates it from the existing content.',
    {
      note_id: noteId,
      append_or_prepend: oneOf(['append', 'prepend'], 'Whether to append or prepend the content.'),
      added_content: text('Content to add.'),
    },
    (a, call) => {
      const note = getEntity(call.state.notes, a.note_id, 'Note', 'note_id');
      // As AppWorld: always a new line between, even on an empty note, and updated_at is left alone.
      note.content =
        a.append_or_prepend === 'append'
          ? `${note.content}\n${a.added_content}`
          : `${a.added_content}\n${note.content}`;
      return {
        message: `Content ${a.append_or_prepend === 'append' ? 'appended' : 'prepended'} to note.`,
      };
    },
  ),
];

export const simpleNote = defineApp({
  name: 'simple_note',
  title: 'Simple Note',
  seedSchema: SimpleNoteSeed,
  collections: ['notes'],
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: ['login', 'show_account', 'show_profile', 'search_notes', 'show_note'],
  tools,
  build,
});
