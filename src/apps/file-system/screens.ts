/** file_system on the user's phone: folders and files. */
import { clip, type AppScreens } from '../screens/spec.ts';

export const fileSystemScreens: AppScreens = {
  app: 'file_system',
  title: 'Files',
  home: 'folder',
  screens: [
    {
      kind: 'list',
      id: 'folder',
      title: (p) => String(p.directory_path ?? '~/'),
      api: 'show_directory',
      args: (p) => ({
        recursive: false,
        ...(p.directory_path ? { directory_path: p.directory_path } : {}),
      }),
      items: (r) => r,
      label: (path) => clip(path, 70),
      open: {
        screen: (path) => (String(path).endsWith('/') ? 'folder' : 'entry'),
        params: (path) => (String(path).endsWith('/') ? { directory_path: path } : { path }),
      },
      empty: '(empty folder)',
      actions: [
        {
          name: 'new_file',
          label: 'new file',
          api: 'create_file',
          fields: ['file_path', 'content?'],
        },
      ],
    },
    {
      kind: 'item',
      id: 'entry',
      api: 'show_file',
      args: (p) => ({ file_path: p.path }),
      title: (_f, p) => String(p.path),
      lines: (f) => String(f.content ?? '').split('\n'),
      actions: [
        {
          name: 'edit',
          label: 'replace the content',
          api: 'update_file',
          fields: ['content'],
          fixed: (p) => ({ file_path: p.path }),
        },
        {
          name: 'delete',
          label: 'delete the file',
          api: 'delete_file',
          fixed: (p) => ({ file_path: p.path }),
          then: 'back',
        },
      ],
    },
  ],
};
