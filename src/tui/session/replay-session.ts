/** A recording behind the session screen: a turn timeline over the same reducer. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { errorMessage } from '../../contracts/errors.ts';
import path from 'node:path';
import { branchRows, lineageOf, type BranchRow } from '../../fork/branches.ts';
import { readRecording, type Recording } from '../../session/recording.ts';
import { createTimeline, type Timeline } from '../../store/replay.ts';
import { createSessionStore } from '../../store/store.ts';
import type { ControlState, SessionController } from './controller.ts';
import { turnsMatching } from '../replay-search.ts';

export class ReplaySession implements SessionController {
  readonly store;
  readonly control: StoreApi<ControlState>;
  readonly timeline: Timeline;

  /**
   * Opens at `turn` (default: turn 0, the request that starts the session). `forkWith` starts a
   * live session from the end of a turn of this recording (`f`; it throws when it cannot).
   */
  constructor(
    private readonly recording: Recording,
    turn?: number,
    private readonly forkWith?: (file: string, turn: number) => SessionController,
  ) {
    this.timeline = createTimeline(recording.events);
    const start = Math.max(0, Math.min(this.timeline.lastTurn, turn ?? 0));
    // Its branches: the forks made from it, and where it came from if it is one (docs/explore.md).
    const lineage = lineageOf(recording.file);
    const tree = branchRows(lineage, recording.file);
    this.store = createSessionStore(this.timeline.stateAt(start));
    this.control = createStore<ControlState>()(() => ({
      mode: 'replay',
      running: false,
      paused: true,
      delayMs: 0,
      recordings: [],
      revealIntents: true,
      tools: [],
      ...(tree.length ? { notice: treeNotice(tree) } : {}),
      replay: {
        turn: start,
        lastTurn: this.timeline.lastTurn,
        changeTurns: this.timeline.statusChangeTurns,
        file: recording.file,
        complete: recording.complete,
        forkTurns: [...new Set(lineage.branches.map((b) => b.turn))],
        tree,
      },
    }));
  }

  goToTurn(turn: number): void {
    const replay = this.control.getState().replay!;
    const n = Math.max(0, Math.min(this.timeline.lastTurn, turn));
    if (n === replay.turn) return;
    this.store.getState().show(this.timeline.stateAt(n));
    this.control.setState({ replay: { ...replay, turn: n } });
  }

  searchTurns(query: string): number[] {
    return turnsMatching(this.timeline.stateAt(this.timeline.lastTurn).turns, query);
  }

  fork(): SessionController | undefined {
    if (!this.forkWith) return undefined;
    const { turn } = this.control.getState().replay!;
    try {
      return this.forkWith(this.recording.file, turn);
    } catch (err) {
      this.control.setState({ notice: `cannot fork here: ${errorMessage(err)}` });
      return undefined;
    }
  }

  /** Another recording of its tree, replayed where it parts from this one; `t` and `f` work there too. */
  openBranch(row: BranchRow): SessionController | undefined {
    try {
      return new ReplaySession(readRecording(row.file), row.turn, this.forkWith);
    } catch (err) {
      this.control.setState({
        notice: `cannot open ${path.basename(row.file)}: ${errorMessage(err)}`,
      });
      return undefined;
    }
  }

  quit(): void {}
}

/** Above the panes: what it is a fork of, how many forks it has, and the key that shows the tree. */
function treeNotice(tree: readonly BranchRow[]): string {
  const parent = tree.find((r) => r.kind === 'parent');
  const forks = tree.filter((r) => r.kind === 'fork').length;
  const parts = [
    ...(parent ? [parent.text] : []),
    ...(forks ? [`${forks} fork${forks === 1 ? '' : 's'}`] : []),
  ];
  return `${parts.join(' · ')} (t shows the tree)`;
}
