import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeController,
  renderSession,
  waitForFrame,
  type Rendered,
} from '../../../test/tui/harness.tsx';
import { SESSION_START } from '../../../test/tui/session-events.ts';
import { reduceAll } from '../../store/reducer.ts';
import { computeLayout } from '../layout.ts';
import { panesShown } from '../panes.ts';
import { PaneLayout } from './PaneLayout.tsx';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

const START = { ...SESSION_START, proposals: { steps: 3, tick: '5m' } };
const panes = panesShown(reduceAll([START]), 'watch');
const draw = (
  columns: number,
  focus: Parameters<typeof PaneLayout>[0]['focus'],
  side: 'intents' | 'phone' = 'intents',
) => {
  const layout = computeLayout(
    columns,
    24,
    2,
    focus === 'input' ? 'conversation' : focus,
    side,
    panes,
  );
  r = renderSession(
    fakeController([START]),
    <PaneLayout layout={layout} focus={focus} width={columns} />,
    { columns, rows: 24 },
  );
};

describe('PaneLayout', () => {
  it('wide: every pane of the table, titled, left to right', async () => {
    draw(200, 'conversation');
    const frame = await waitForFrame(r!, (f) => f.includes('Phone'));
    expect(frame.split('\n')[1]).toMatch(
      /Conversation.*Hidden intents.*Checklist.*Workspace.*Phone/,
    );
  });

  it('medium: the conversation beside the side pane, under tabs of the others', async () => {
    draw(120, 'conversation', 'phone');
    const frame = await waitForFrame(r!, (f) => f.includes('Hidden intents'));
    // The side pane's title stands a row lower than the conversation's, under its tab bar.
    const [tabs, mainTitle, sideTitle] = frame.split('\n');
    expect(tabs).toContain(' Hidden intents   Checklist   Workspace   Phone ');
    expect(mainTitle).toContain('Conversation');
    expect(sideTitle).toMatch(/Phone/);
    expect(sideTitle).not.toContain('Checklist');
  });

  it('narrow: the focused pane alone, under tabs of all of them', async () => {
    draw(80, 'checklist');
    const frame = await waitForFrame(r!, (f) => f.includes('Conversation'));
    const [tabs, , titles] = frame.split('\n');
    expect(tabs).toContain(' Conversation   Hidden intents   Checklist   Workspace   Phone ');
    expect(titles).toContain('Checklist');
    expect(frame).not.toMatch(/│ *Workspace/);
  });
});
