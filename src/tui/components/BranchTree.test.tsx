import { afterEach, describe, expect, it } from 'vitest';
import { renderTui, waitForFrame, type Rendered } from '../../../test/tui/harness.tsx';
import type { BranchRow } from '../session/controller.ts';
import { BranchTree } from './BranchTree.tsx';

let r: Rendered | undefined;
afterEach(() => r?.unmount());

const ROOT = '20261128-135736-researcher_meal-plan-f33483';
const fork = (name: string, turn: number, depth: number, outcome: string): BranchRow => ({
  kind: 'fork',
  file: `/rec/${name}`,
  name,
  turn,
  depth,
  outcome,
  text: `fork at turn ${turn}  ${outcome}  ${name}`,
});
const ROWS = [
  fork(`${ROOT}-fork0-853ebb.jsonl`, 0, 0, 'resolved, 8 turns  Proc 0.00  Comp 0.13'),
  fork(
    `${ROOT}-fork0-853ebb-fork1-ec50bd.jsonl`,
    1,
    1,
    'resolved, 6 turns  Proc 0.14  Comp 0.13 (user message edited)',
  ),
];

function show(height: number): Promise<string> {
  r = renderTui(
    <BranchTree
      name={`${ROOT}.jsonl`}
      rows={ROWS}
      width={100}
      height={height}
      onOpen={() => {}}
      onClose={() => {}}
    />,
    { columns: 100, rows: height + 2 },
  );
  return waitForFrame(r, (f) => f.includes('Branches'));
}

describe('the branch tree', () => {
  it('at 100 columns a fork whose file name does not fit beside its scores shows it whole below them', async () => {
    const frame = await show(20);
    for (const row of ROWS) expect(frame).toContain(row.name);
    expect(frame).toContain(
      'fork at turn 1  resolved, 6 turns  Proc 0.14  Comp 0.13 (user message edited)',
    );
    expect(frame).not.toMatch(/…\s*│/);
  });

  it('without rows to spare the name is cut after the scores, which stay whole', async () => {
    const frame = await show(6);
    expect(frame).toContain('Proc 0.14  Comp 0.13 (user message edited)  2026');
    expect(frame).toMatch(/…\s*│/);
  });
});
