import { describe, expect, it } from 'vitest';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  file_system: {
    account: { email: 'la-mcco@gmail.com', password: 'LlU7G2h' },
    files: [{ path: '~/docs/readme.txt', content: 'hello' }],
    directories: ['/tmp/scratch'],
  },
};

const login = () => loggedIn(SEED, 'file_system', 'la-mcco@gmail.com', 'LlU7G2h');

describe('file_system', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('file_system__login', { username: 'la-mcco@gmail.com', password: 'qRFsgRQ' }),
    ).toMatch(/Invalid credentials/);
    expect(await h.login('file_system', 'la-mcco@gmail.com', 'LlU7G2h')).toBe(
      'file_system-access-token-1',
    );
  });

  it('lists the seeded tree under the home directory', async () => {
    const { h, token } = await login();
    expect(await h.ok('mcp_appworld_file_system__show_directory', { access_token: token })).toEqual(
      [
        '/home/',
        '/home/la-mcco/',
        '/home/la-mcco/docs/',
        '/home/la-mcco/docs/readme.txt',
        '/tmp/',
        '/tmp/scratch/',
      ],
    );
    expect(
      await h.ok('file_system__show_directory', {
        access_token: token,
        directory_path: '~',
        recursive: false,
      }),
    ).toEqual(['/home/la-mcco/docs/']);
    expect(
      await h.ok('file_system__show_directory', {
        access_token: token,
        entry_type: 'files',
        substring: 'READ',
      }),
    ).toEqual(['/home/la-mcco/docs/readme.txt']);
    expect(
      await h.ok('file_system__show_file', { access_token: token, file_path: '~/docs/readme.txt' }),
    ).toMatchObject({
      path: '/home/la-mcco/docs/readme.txt',
      content: 'hello',
    });
    expect(
      await h.fails('file_system__show_directory', {
        access_token: token,
        directory_path: '/nope',
      }),
    ).toMatch(/404/);
  });

  it('creates directories (parents only when recursive) and files (with their parents, as AppWorld)', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(
      await h.fails('file_system__create_directory', { ...t, directory_path: '~/a/b' }),
    ).toMatch(/422[\s\S]*recursive=true/);
    await h.ok('file_system__create_directory', { ...t, directory_path: '~/a/b', recursive: true });
    expect(
      await h.ok('file_system__directory_exists', { ...t, directory_path: '/home/la-mcco/a' }),
    ).toEqual({ exists: true });
    expect(await h.ok('file_system__create_file', { ...t, file_path: '~/x/y.txt' })).toEqual({
      message: 'File created.',
      file_path: '/home/la-mcco/x/y.txt',
    });
    expect(await h.fails('file_system__create_file', { ...t, file_path: '~/x/y.txt' })).toMatch(
      /409[\s\S]*Set overwrite to True/,
    );
    expect(
      await h.ok('file_system__create_file', {
        ...t,
        file_path: '~/a/b/manifest.csv',
        content: 'id,name',
      }),
    ).toMatchObject({
      file_path: '/home/la-mcco/a/b/manifest.csv',
    });
    expect(
      await h.fails('file_system__create_file', { ...t, file_path: '~/a/b/manifest.csv' }),
    ).toMatch(/already exists/);
    await h.ok('file_system__update_file', {
      ...t,
      file_path: '~/a/b/manifest.csv',
      content: 'id,name\n1,x',
    });
    expect(
      await h.ok('file_system__file_exists', { ...t, file_path: '~/a/b/manifest.csv' }),
    ).toEqual({ exists: true });
    await h.ok('file_system__delete_file', { ...t, file_path: '~/a/b/manifest.csv' });
    expect(
      await h.ok('file_system__file_exists', { ...t, file_path: '~/a/b/manifest.csv' }),
    ).toEqual({ exists: false });
    await h.ok('file_system__delete_directory', { ...t, directory_path: '~/a' });
    expect(await h.ok('file_system__directory_exists', { ...t, directory_path: '~/a/b' })).toEqual({
      exists: false,
    });
  });

  it('copies and moves files and directories (cp/mv semantics)', async () => {
    const { h, token } = await login();
    const t = { access_token: token };
    expect(
      await h.ok('file_system__copy_file', {
        ...t,
        source_file_path: '~/docs/readme.txt',
        destination_file_path: '/tmp/scratch',
      }),
    ).toMatchObject({
      destination_file_path: '/tmp/scratch/readme.txt',
    });
    expect(
      await h.fails('file_system__copy_file', {
        ...t,
        source_file_path: '~/docs/readme.txt',
        destination_file_path: '/tmp/scratch',
      }),
    ).toMatch(/409[\s\S]*Set overwrite to True/);
    await h.ok('file_system__move_file', {
      ...t,
      source_file_path: '/tmp/scratch/readme.txt',
      destination_file_path: '/tmp/scratch/moved.txt',
    });
    await h.ok('file_system__copy_directory', {
      ...t,
      source_directory_path: '~/docs',
      destination_directory_path: '/tmp/archive',
    });
    await h.ok('file_system__move_directory', {
      ...t,
      source_directory_path: '/tmp/archive',
      destination_directory_path: '/tmp/scratch',
    });
    expect(await h.ok('file_system__show_directory', { ...t, directory_path: '/tmp' })).toEqual([
      '/tmp/scratch/',
      '/tmp/scratch/archive/',
      '/tmp/scratch/archive/readme.txt',
      '/tmp/scratch/moved.txt',
    ]);
    expect(
      await h.fails('file_system__move_directory', {
        ...t,
        source_directory_path: '/tmp',
        destination_directory_path: '/tmp/scratch',
      }),
    ).toMatch(/inside itself/);
    expect(
      await h.fails('file_system__copy_file', {
        ...t,
        source_file_path: '/nope.txt',
        destination_file_path: '/tmp',
      }),
    ).toMatch(/404/);
    expect(
      (await h.ok('file_system__show_file', { ...t, file_path: '/tmp/scratch/archive/readme.txt' }))
        .content,
    ).toBe('hello');
  });

  it('makes file changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'file_system', path: 'files.*.path', pattern: '^/tmp/scratch/.*\\.txt$' };
    expect(h.holds(rule)).toBe(false);
    await h.ok('file_system__copy_file', {
      access_token: token,
      source_file_path: '~/docs/readme.txt',
      destination_file_path: '/tmp/scratch/copy.txt',
    });
    expect(h.holds(rule)).toBe(true);
  });
});
