/**
 * The Workspace pane after the bundled researcher/soap-list runs with the proactive script agent:
 * the agent's Todoist change reads as the task it added, not as the app's JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/config.ts';
import type { SessionEvent } from '../../src/contracts/events.ts';
import { runGroup } from '../../src/session/group.ts';
import { planRuns } from '../../src/session/plan.ts';
import { readRecording } from '../../src/session/recording.ts';
import { createToolRegistry } from '../../src/tools/index.ts';
import { WorkspacePane } from '../../src/tui/components/WorkspacePane.tsx';
import { paneTitle } from '../../src/tui/panes.ts';
import {
  fakeController,
  KEYS,
  plain,
  press,
  renderSession,
  waitForFrame,
  type Rendered,
} from './harness.tsx';

const dir = mkdtempSync(path.join(os.tmpdir(), 'intentplay-app-changes-'));
let r: Rendered | undefined;
afterEach(() => r?.unmount());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function soapListEvents(): Promise<SessionEvent[]> {
  const [group] = planRuns(['researcher/soap-list'], { noDeps: true });
  const results = await runGroup(group!, {
    specs: {
      agent: { kind: 'script', name: 'proactive' },
      user: { kind: 'rules' },
      judge: { kind: 'rules' },
    },
    config: resolveConfig({}, {}),
    registry: createToolRegistry(),
    recordingsDir: dir,
    date: '2026-01-05',
  });
  const file = results.find((x) => x.recording?.includes('soap-list'))?.recording;
  if (!file) throw new Error('soap-list wrote no recording');
  return readRecording(file).events as SessionEvent[];
}

describe('the workspace pane on an app change', () => {
  it('shows the soap task the agent added to Shopping, with the login bookkeeping hidden and the raw JSON on enter', async () => {
    const events = await soapListEvents();
    r = renderSession(
      fakeController(events),
      <WorkspacePane title={paneTitle('workspace')} box={{ width: 70, height: 16 }} focused />,
      {
        columns: 70,
        rows: 18,
      },
    );
    let frame = plain(await waitForFrame(r, (f) => f.includes('app todoist')));
    expect(frame).toContain('◆ app todoist · 1 added');
    expect(frame).not.toContain('+24 -4');
    expect(frame).toContain('+ task “Hand soap” added to project Shopping');
    expect(frame).toContain('bookkeeping hidden: access_tokens, account.last_logged_in, next_id');
    expect(frame).not.toContain('"access_tokens"');
    expect(frame).not.toContain('todoist-access-token');
    await press(r, KEYS.enter);
    frame = plain(await waitForFrame(r, (f) => f.includes('raw JSON · enter: changes')));
    expect(frame).toContain('"access_tokens"');
    expect(frame).not.toContain('task “Hand soap” added');
    r.unmount();
    // As narrow as the pane is beside four others at 160 columns: the sentence wraps, whole.
    r = renderSession(
      fakeController(events),
      <WorkspacePane title={paneTitle('workspace')} box={{ width: 22, height: 16 }} focused />,
      {
        columns: 22,
        rows: 18,
      },
    );
    frame = plain(await waitForFrame(r, (f) => f.includes('Hand soap')));
    expect(frame).toContain('› ◆ app todoist ');
    expect(frame).not.toMatch(/\d…/);
    expect(frame).toMatch(/\+ task “Hand soap” +┃\n┃ +added to project +┃\n┃ +Shopping/);
  }, 30_000);
});
