import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../contracts/events.ts';
import {
  fakeController,
  KEYS,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { WorkspacePane } from './WorkspacePane.tsx';
import { paneTitle } from '../panes.ts';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

const patch = (path: string, lines: string[]) =>
  `Index: ${path}\n===================================================================\n--- ${path}\n+++ ${path}\n@@ -1,2 +1,2 @@\n${lines.join('\n')}\n`;
const events: SessionEvent[] = [
  { type: 'turn_start', turn: 1 },
  {
    type: 'workspace_diff',
    turn: 1,
    files: [
      {
        path: 'old.md',
        change: 'added',
        additions: 1,
        deletions: 0,
        patch: patch('old.md', ['+old']),
      },
    ],
  },
  { type: 'turn_start', turn: 2 },
  {
    type: 'workspace_diff',
    turn: 2,
    files: [
      {
        path: 'plan.md',
        change: 'modified',
        additions: 1,
        deletions: 1,
        patch: patch('plan.md', [' # Plan', '-Sunday: rest', '+Sunday: batch cook']),
      },
      {
        path: 'notes/shop.md',
        change: 'added',
        additions: 2,
        deletions: 0,
        patch: patch('notes/shop.md', ['+eggs', '+oats']),
      },
    ],
  },
  {
    type: 'app_diff',
    turn: 2,
    apps: [{ app: 'todo', additions: 1, deletions: 0, patch: '@@ -1 +1,2 @@\n+  "buy eggs"' }],
  },
];

describe('the workspace pane', () => {
  it('lists the files changed in the latest turn with +/- counts, and shows the selected diff in colour', async () => {
    const c = fakeController(events);
    r = renderSession(
      c,
      <WorkspacePane title={paneTitle('workspace')} box={{ width: 60, height: 16 }} focused />,
      {
        columns: 60,
        rows: 18,
      },
    );
    const frame = await waitForFrame(r, (f) => f.includes('plan.md'));
    expect(frame).toContain('turn 2 · 3 changed');
    expect(frame).toContain('› M plan.md +1 -1');
    expect(frame).toContain('A notes/shop.md +2 -0');
    expect(frame).toContain('◆ app todo +1 -0');
    expect(frame).not.toContain('old.md');
    expect(frame).not.toContain('====');
    expect(r.lastFrame()).toContain('\u001B[31m-Sunday: rest');
    expect(r.lastFrame()).toContain('\u001B[32m+Sunday: batch cook');
    await press(r, KEYS.down);
    const next = await waitForFrame(r, (f) => f.includes('+eggs'));
    expect(next).toContain('› A notes/shop.md');
    expect(next).not.toContain('Sunday');
  });

  it('scrolls a long diff line sideways with ← and →, marking where it goes on', async () => {
    const long = '+' + Array.from({ length: 12 }, (_, i) => `word${i}`).join(' ') + ' THE-END';
    const c = fakeController([
      { type: 'turn_start', turn: 1 },
      {
        type: 'workspace_diff',
        turn: 1,
        files: [
          {
            path: 'wide.md',
            change: 'added',
            additions: 1,
            deletions: 0,
            patch: patch('wide.md', [long, '+short']),
          },
        ],
      },
    ]);
    r = renderSession(
      c,
      <WorkspacePane title={paneTitle('workspace')} box={{ width: 40, height: 12 }} focused />,
      {
        columns: 40,
        rows: 14,
      },
    );
    let frame = await waitForFrame(r, (f) => f.includes('+word0'));
    // The line is cut at the pane's edge with ›, and the rule says there is more to the side.
    expect(frame).toMatch(/\+word0 word1 word2 .*›┃/);
    expect(frame).toContain('→ long lines');
    expect(frame).not.toContain('THE-END');
    await press(r, KEYS.right);
    frame = await waitForFrame(r, (f) => f.includes('← col 13 →'));
    expect(frame).toMatch(/┃‹.*word3/);
    expect(frame).not.toContain('+word0');
    await press(r, KEYS.right, KEYS.right, KEYS.right);
    frame = await waitForFrame(r, (f) => f.includes('THE-END'));
    expect(frame).toMatch(/THE-END *┃/);
    await press(r, KEYS.left, KEYS.left, KEYS.left, KEYS.left);
    await waitForFrame(r, (f) => f.includes('+word0') && f.includes('→ long lines'));
  });

  it('says so when nothing changed yet', async () => {
    const c = fakeController([{ type: 'turn_start', turn: 1 }]);
    r = renderSession(
      c,
      <WorkspacePane
        title={paneTitle('workspace')}
        box={{ width: 60, height: 10 }}
        focused={false}
      />,
      {
        columns: 60,
        rows: 12,
      },
    );
    await waitForFrame(r, (f) => f.includes('No files changed yet.'));
  });
});
