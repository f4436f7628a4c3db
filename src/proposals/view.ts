/**
 * What a proposal scenario shows: the user's Phone (the slice of the session state reduced from
 * the proposal events, and the pane that draws it) and the agent's phase in the status bar.
 */
import { view } from '../contracts/paradigm-view.ts';
import { phoneBlocks, phoneInfo } from './phone-pane.ts';
import { initialPhone, phaseText, reducePhone, type PhoneState } from './phone-state.ts';

declare module '../contracts/paradigm-view.ts' {
  interface SessionSlices {
    /** Proposal scenarios: the user's phone, notifications and proposals. */
    phone: PhoneState;
  }
  interface ParadigmPanes {
    phone: true;
  }
}

export const proposalView = view({
  slice: {
    key: 'phone',
    // The rules user plays the scenario's activity; a person or a model user acts by themselves.
    start: (event) =>
      event.proposals
        ? initialPhone(event.proposals, event.backends.user.kind === 'rules')
        : undefined,
    reduce: reducePhone,
  },
  panes: [
    {
      id: 'phone',
      title: 'Phone',
      width: { 5: 0.19 },
      slice: 'phone',
      blocks: (phone, d) => phoneBlocks(phone, d.cols, d.theme, { playing: d.seat === 'play' }),
      info: phoneInfo,
    },
  ],
  status: {
    slice: 'phone',
    segment: (phone, theme) => {
      const phase = phaseText(phone);
      const observing = phase === 'observing';
      return {
        text: `agent ${phase}`,
        color: observing ? theme.text.secondary : theme.level.warning,
        bold: !observing,
      };
    },
    passTime: 'let the tick pass',
  },
});
