/**
 * What a time scenario shows: its Timeline (the slice of the session state reduced from the time
 * events, and the pane that draws it) and the simulated clock in the status bar.
 */
import { view } from '../contracts/paradigm-view.ts';
import { shortTime } from '../text/format.ts';
import { timelineBlocks, timelineInfo } from './timeline-pane.ts';
import { initialTimeline, reduceTimeline, type TimelineState } from './timeline-state.ts';

declare module '../contracts/paradigm-view.ts' {
  interface SessionSlices {
    /** Time scenarios: the clock, updates, reminders and wakes. */
    timeline: TimelineState;
  }
  interface ParadigmPanes {
    timeline: true;
  }
}

export const timeView = view({
  slice: {
    key: 'timeline',
    start: (event) => (event.time ? initialTimeline(event.time) : undefined),
    reduce: reduceTimeline,
  },
  panes: [
    {
      id: 'timeline',
      title: 'Timeline',
      width: { 5: 0.19 },
      slice: 'timeline',
      // A person playing the agent sees only what reached the agent.
      blocks: (timeline, d) =>
        timelineBlocks(timeline, d.cols, d.theme, {
          observer: d.seat !== 'agent',
          scores: d.scores?.time,
        }),
      info: timelineInfo,
      wants: 'title',
    },
  ],
  status: {
    slice: 'timeline',
    // While the user waits, the clock reads the time after the agent's turn (which takes its time).
    segment: (timeline, _theme, waitingFrom) => ({
      text: `⏱ ${shortTime(waitingFrom ?? timeline.now)}`,
      bold: true,
    }),
  },
});
