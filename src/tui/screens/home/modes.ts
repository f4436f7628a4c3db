/** The home screen's modes, what it hands the app when a person starts, and what it remembers. */

export type HomeMode = 'watch' | 'play' | 'agent' | 'replay';
export const HOME_MODES: { mode: HomeMode; label: string; about: string }[] = [
  {
    mode: 'watch',
    label: 'Watch',
    about:
      'the agent and a simulated user converse by themselves; pause, step, or take over the user',
  },
  {
    mode: 'play',
    label: 'Play as user',
    about: 'you write the user’s messages to the agent, with the hidden intents in view',
  },
  {
    mode: 'agent',
    label: 'Play as agent',
    about: 'you answer a simulated user and use the tools yourself; the intents stay hidden',
  },
  {
    mode: 'replay',
    label: 'Replay a recording',
    about: 'a recorded session turn by turn, every pane as it was',
  },
];

export type HomeChoice =
  | {
      mode: Exclude<HomeMode, 'replay'>;
      library: string;
      target: string;
      backends: { agent: string; user: string; judge: string };
    }
  | { mode: 'replay'; file: string };

/** What the home screen had picked, kept by the app while a session runs, so coming back finds it again. */
export interface HomeMemory {
  mode: HomeMode;
  entry: number;
  recording: number;
  backends: { agent: string; user: string; judge: string } | undefined;
  /** The list's filter: `entry` is a place in the list it narrows. */
  filter: string;
}
