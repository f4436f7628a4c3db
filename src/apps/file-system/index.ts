/**
 * file_system: AppWorld's file system app, a virtual tree of directories and text files
 * (separate from the agent's workspace). Paths are absolute (`/...`) or relative to the
 * home directory (`~/...`). A destination that is an existing directory receives the
 * source inside it, as with `cp` and `mv`.
 */
import path from 'node:path';
import { z } from 'zod';
import { AppKit, fail, type AppCall } from '../kit/app.ts';
import { bool, oneOf, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import {
  baseFromSeed,
  baseSeedShape,
  emptyBase,
  type BaseState,
  type EntityMap,
} from '../kit/state.ts';
import { compareText } from '../../contracts/order.ts';

export interface FsDirectory {
  directory_id: number;
  path: string;
  created_at: string;
}

export interface FsFile {
  file_id: number;
  path: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface FileSystemState extends BaseState {
  home: string;
  directories: EntityMap<FsDirectory>;
  files: EntityMap<FsFile>;
}

const AbsPath = z.string().regex(/^(\/|~\/)/, 'expected a path starting with / or ~/');

export const FileSystemSeed = z.strictObject({
  ...baseSeedShape,
  home: z
    .string()
    .regex(/^\/./, 'expected an absolute path')
    .optional()
    .meta({ description: 'home directory (~); default /home/<user>' }),
  directories: z
    .array(AbsPath)
    .optional()
    .meta({ description: 'directories to create (parents too)' }),
  files: z
    .array(z.strictObject({ path: AbsPath, content: z.string().default('') }))
    .optional()
    .meta({ description: 'files to create (parent directories too)' }),
});

function homeFor(username: string | undefined): string {
  const user = (username ?? 'user').split('@')[0]?.replace(/[^A-Za-z0-9_.-]/g, '') || 'user';
  return `/home/${user}`;
}

function build(seed: z.output<typeof FileSystemSeed>): FileSystemState {
  const state: FileSystemState = {
    ...baseFromSeed(seed),
    home: seed.home ?? homeFor(seed.account?.username ?? seed.account?.email),
    directories: {},
    files: {},
  };
  const fs = new Tree(state, () => {
    const id = state.next_id.entry ?? 1;
    state.next_id.entry = id + 1;
    return id;
  });
  fs.mkdirs(state.home);
  for (const d of seed.directories ?? []) fs.mkdirs(fs.resolve(d));
  for (const f of seed.files ?? []) {
    const p = fs.resolve(f.path);
    fs.mkdirs(path.posix.dirname(p));
    fs.writeFile(p, f.content);
  }
  return state;
}

/** Path operations over the state's directory and file maps. */
class Tree {
  constructor(
    private readonly s: FileSystemState,
    private readonly nextId: () => number,
  ) {}

  resolve(p: string): string {
    const raw = p.trim();
    let abs = raw.startsWith('/') ? raw : `${this.s.home}/${raw}`;
    if (raw === '~' || raw.startsWith('~/')) abs = this.s.home + raw.slice(1);
    const norm = path.posix.normalize(abs);
    return norm.length > 1 ? norm.replace(/\/+$/, '') : norm;
  }

  isDir(p: string): boolean {
    return p === '/' || Object.values(this.s.directories).some((d) => d.path === p);
  }

  file(p: string): FsFile | undefined {
    return Object.values(this.s.files).find((f) => f.path === p);
  }

  mkdirs(p: string): void {
    if (this.isDir(p)) return;
    if (this.file(p)) fail(422, `${p} is a file, not a directory.`);
    this.mkdirs(path.posix.dirname(p));
    const id = this.nextId();
    this.s.directories[String(id)] = { directory_id: id, path: p, created_at: this.s.now };
  }

  writeFile(p: string, content: string): void {
    const existing = this.file(p);
    if (existing) {
      existing.content = content;
      existing.updated_at = this.s.now;
      return;
    }
    const id = this.nextId();
    this.s.files[String(id)] = {
      file_id: id,
      path: p,
      content,
      created_at: this.s.now,
      updated_at: this.s.now,
    };
  }

  /** Directories and files at or below `p`. */
  subtree(p: string): { dirs: FsDirectory[]; files: FsFile[] } {
    const inside = (x: string) => x === p || x.startsWith(p === '/' ? '/' : `${p}/`);
    return {
      dirs: Object.values(this.s.directories).filter((d) => inside(d.path)),
      files: Object.values(this.s.files).filter((f) => inside(f.path)),
    };
  }

  remove(p: string): void {
    const { dirs, files } = this.subtree(p);
    for (const d of dirs) delete this.s.directories[String(d.directory_id)];
    for (const f of files) delete this.s.files[String(f.file_id)];
  }

  requireDir(p: string): void {
    if (!this.isDir(p)) fail(404, `Directory ${p} does not exist.`);
  }

  requireFile(p: string): FsFile {
    const f = this.file(p);
    if (!f) fail(404, `File ${p} does not exist.`);
    return f;
  }

  /** Where a copy or move of `src` to `dest` lands. */
  target(src: string, dest: string): string {
    return this.isDir(dest) ? path.posix.join(dest, path.posix.basename(src)) : dest;
  }
}

const kit = new AppKit<FileSystemState>({
  name: 'file_system',
  title: 'File System',
  empty: () => ({ ...emptyBase(), home: '/home/user', directories: {}, files: {} }),
});

function tree(call: AppCall<FileSystemState>): Tree {
  return new Tree(call.state, () => call.nextId('entry'));
}

const pathArg = (what: string) =>
  text(`Path of the ${what}: absolute (/...) or in your home directory (~/...).`);

/** Copies (or moves) a file or a directory tree; returns where it landed. */
function transfer(
  call: AppCall<FileSystemState>,
  kind: 'file' | 'directory',
  srcArg: string,
  destArg: string,
  overwrite: boolean,
  move: boolean,
): string {
  const fs = tree(call);
  const src = fs.resolve(srcArg);
  const dest = fs.resolve(destArg);
  if (kind === 'file') fs.requireFile(src);
  else {
    if (src === '/') fail(422, 'The root directory cannot be copied or moved.');
    fs.requireDir(src);
  }
  const to = fs.target(src, dest);
  if (to === src) fail(422, `Source and destination are the same: ${src}.`);
  if (kind === 'directory' && to.startsWith(`${src}/`))
    fail(422, `Cannot put directory ${src} inside itself.`);
  fs.requireDir(path.posix.dirname(to));
  const clash = fs.isDir(to) || fs.file(to) !== undefined;
  if (clash && !overwrite)
    fail(
      409,
      `A ${kind} already exists at the given destination_${kind}_path in your account. Set overwrite to True to overwrite it.`,
    );
  if (clash) fs.remove(to);
  const { dirs, files } =
    kind === 'file' ? { dirs: [], files: [fs.requireFile(src)] } : fs.subtree(src);
  const moved = (p: string) => to + p.slice(src.length);
  if (move) {
    for (const d of dirs) d.path = moved(d.path);
    for (const f of files) f.path = moved(f.path);
  } else {
    for (const d of [...dirs].sort((a, b) => compareText(a.path, b.path))) fs.mkdirs(moved(d.path));
    for (const f of files) fs.writeFile(moved(f.path), f.content);
  }
  return to;
}

/** copy_file, move_file, copy_directory and move_directory. */
function transferApi(kind: 'file' | 'directory', move: boolean) {
  const verb = move ? 'move' : 'copy';
  const what = kind === 'file' ? 'a file' : 'a directory with its contents';
  return kit.api(
    `${verb}_${kind}`,
    `${move ? 'Move or rename' : 'Copy'} ${what} (into the destination if that is an existing directory).`,
    {
      [`source_${kind}_path`]: pathArg(`source ${kind}`),
      [`destination_${kind}_path`]: pathArg('destination'),
      overwrite: bool('Replace an existing destination (default false).').optional(),
      retain_dates: bool(
        "Keep the original's created and updated dates (accepted; dates are not simulated).",
      ).optional(),
    },
    (a, call) => {
      const args = a as Record<string, unknown>;
      const to = transfer(
        call,
        kind,
        String(args[`source_${kind}_path`]),
        String(args[`destination_${kind}_path`]),
        args.overwrite === true,
        move,
      );
      return {
        message: `${kind === 'file' ? 'File' : 'Directory'} ${move ? 'moved' : 'copied'}.`,
        [`destination_${kind}_path`]: to,
      };
    },
  );
}

const tools = [
  ...kit.accountApis(),
  kit.api(
    'show_directory',
    'List the files and sub-directories of a directory (directories end with /).',
    {
      directory_path: pathArg('directory').optional(),
      substring: text('Only entries whose name contains this (ignoring case).').optional(),
      entry_type: oneOf(
        ['all', 'files', 'directories'],
        'Which entries to show (default all).',
      ).optional(),
      recursive: bool('Include nested entries (default true).').optional(),
    },
    (a, call) => {
      const fs = tree(call);
      const dir = fs.resolve(a.directory_path ?? '/');
      fs.requireDir(dir);
      const { dirs, files } = fs.subtree(dir);
      const depthOk = (p: string) => (a.recursive ?? true) || path.posix.dirname(p) === dir;
      const type = a.entry_type ?? 'all';
      const entries = [
        ...(type === 'files' ? [] : dirs.filter((d) => d.path !== dir).map((d) => `${d.path}/`)),
        ...(type === 'directories' ? [] : files.map((f) => f.path)),
      ].filter((p) => depthOk(p.replace(/\/$/, '')));
      const sub = a.substring?.toLowerCase();
      return entries
        .filter((p) => sub === undefined || path.posix.basename(p).toLowerCase().includes(sub))
        .sort();
    },
  ),
  kit.api(
    'create_directory',
    'Create a directory if it does not exist; recursive=true also creates missing parents.',
    {
      directory_path: pathArg('directory'),
      recursive: bool('Create missing parent directories (default false).').optional(),
    },
    (a, call) => {
      const fs = tree(call);
      const dir = fs.resolve(a.directory_path);
      if (fs.isDir(dir)) return { message: `Directory ${dir} already exists.` };
      if (!a.recursive && !fs.isDir(path.posix.dirname(dir)))
        fail(
          422,
          `Parent directory ${path.posix.dirname(dir)} does not exist; pass recursive=true to create it.`,
        );
      fs.mkdirs(dir);
      return { message: `Directory ${dir} created.` };
    },
  ),
  kit.api(
    'delete_directory',
    'Delete a directory with everything in it.',
    { directory_path: pathArg('directory') },
    (a, call) => {
      const fs = tree(call);
      const dir = fs.resolve(a.directory_path);
      if (dir === '/' || dir === call.state.home) fail(422, `${dir} cannot be deleted.`);
      fs.requireDir(dir);
      fs.remove(dir);
      return { message: `Directory ${dir} deleted.` };
    },
  ),
  kit.api(
    'directory_exists',
    'Check whether a directory exists.',
    { directory_path: pathArg('directory') },
    (a, call) => {
      const fs = tree(call);
      return { exists: fs.isDir(fs.resolve(a.directory_path)) };
    },
  ),
  kit.api(
    'show_file',
    "Show a file's content and details.",
    { file_path: pathArg('file') },
    (a, call) => {
      const fs = tree(call);
      return { ...fs.requireFile(fs.resolve(a.file_path)) };
    },
  ),
  kit.api(
    'file_exists',
    'Check whether a file exists.',
    { file_path: pathArg('file') },
    (a, call) => {
      const fs = tree(call);
      return { exists: fs.file(fs.resolve(a.file_path)) !== undefined };
    },
  ),
  kit.api(
    'create_file',
    'Create a file; missing parent directories are created.',
    {
      file_path: pathArg('file'),
      content: text('The content (default empty).').optional(),
      overwrite: bool('Replace an existing file (default false).').optional(),
    },
    (a, call) => {
      const fs = tree(call);
      const p = fs.resolve(a.file_path);
      if (fs.isDir(p)) fail(422, `${p} is a directory.`);
      if (fs.file(p) && !a.overwrite)
        fail(
          409,
          'A file already exists at the given file_path in your account. Set overwrite to True to overwrite it.',
        );
      fs.mkdirs(path.posix.dirname(p)); // as AppWorld, which creates the parents
      fs.writeFile(p, a.content ?? '');
      return { message: 'File created.', file_path: p };
    },
  ),
  kit.api(
    'update_file',
    "Replace a file's content.",
    { file_path: pathArg('file'), content: text('The new content.') },
    (a, call) => {
      const fs = tree(call);
      const p = fs.resolve(a.file_path);
      fs.requireFile(p);
      fs.writeFile(p, a.content);
      return { message: 'File content updated.', file_path: p };
    },
  ),
  kit.api('delete_file', 'Delete a file.', { file_path: pathArg('file') }, (a, call) => {
    const fs = tree(call);
    const p = fs.resolve(a.file_path);
    fs.requireFile(p);
    fs.remove(p);
    return { message: 'File deleted.', file_path: p };
  }),
  transferApi('file', false),
  transferApi('file', true),
  transferApi('directory', false),
  transferApi('directory', true),
];

export const fileSystem = defineApp({
  name: 'file_system',
  title: 'File System',
  seedSchema: FileSystemSeed,
  collections: ['directories', 'files'],
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'show_directory',
    'show_file',
    'directory_exists',
    'file_exists',
  ],
  tools,
  build,
});
