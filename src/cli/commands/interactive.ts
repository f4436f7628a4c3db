/**
 * `intentplay` (home), `play`, `watch`, `replay`: the playground. A terminal gets the
 * full-screen TUI; a pipe or --plain gets the line-by-line transcript. Every session is
 * recorded, and the recordings' paths are printed at exit.
 */
import type { Command } from 'commander';
import type { InteractiveFlags } from '../actions/interactive.ts';
import type { StageFlags } from '../actions/stage.ts';
import { addSessionOptions, nonNegativeInt } from '../options.ts';
import { UserError } from '../../contracts/diagnostics.ts';

const actions = () => import('../actions/interactive.ts');

const recordingsOption = (cmd: Command) =>
  cmd.option('--recordings <dir>', 'where recordings go', 'recordings');

/** Where `--serve` listens (docs/tui.md, "In a browser"); `serve --study` takes the same. */
export const addListenOptions = (cmd: Command) =>
  cmd
    .option(
      '--host <address>',
      'the address to listen on (default 127.0.0.1: this machine only; see docs/tui.md for TLS)',
    )
    .option(
      '--port <n>',
      'the port to listen on (default 0: any free port; the link is printed)',
      nonNegativeInt,
    )
    .option(
      '--public-url <url>',
      'behind a TLS reverse proxy: the address people open (printed links start with it)',
    );

export function registerInteractive(program: Command): void {
  recordingsOption(
    addSessionOptions(
      program
        .command('home', { isDefault: true })
        .description('the home screen: pick a scenario and a mode (what `intentplay` alone opens)')
        .option('--plain', 'list the library as text instead of opening the screen'),
    ),
  ).action(async (flags: InteractiveFlags) => (await import('../actions/home.ts')).home(flags));

  const play = recordingsOption(
    addSessionOptions(
      program
        .command('play')
        .description(
          'you are the user, with the hidden intents shown live (with --agent human: you are the agent)',
        )
        .argument('<scenario>', 'scenario or episode file, or id')
        .option(
          '--reveal-intents',
          'when you play the agent: show the hidden intents and checklist',
        )
        .option('--no-deps', 'only this scenario, without the sessions it depends on')
        .option('--no-overrides', 'no setting of intent statuses by hand (for user studies)')
        .option(
          '--serve',
          'a remote person plays the user in a browser (one link, printed); this terminal shows their screen',
        ),
    ),
  );
  addListenOptions(play).action(async (target: string, flags: InteractiveFlags) =>
    (await actions()).live('play', target, flags),
  );

  const watch = recordingsOption(
    addSessionOptions(
      program
        .command('watch')
        .description(
          'the agent and a simulated user converse; pause, step, change the pace, take over',
        )
        .argument('<target>', 'scenario or episode file, folder, or id')
        .option(
          '--delay <ms>',
          'wait between agent turns (default 1000; 0 with --plain)',
          nonNegativeInt,
        )
        .option('--paused', 'start paused (space runs, s steps one turn)')
        .option(
          '--plain',
          'print a line-by-line transcript instead of the screen (also when stdout is not a terminal)',
        )
        .option(
          '--vs <backend>',
          'a second agent on the same scenario, side by side at the same pace (e.g. --agent script:reactive --vs script:proactive)',
        )
        .option(
          '--present',
          'presentation mode: conversation and intents, large, paced by reading time, with callouts when the agent is proactive',
        )
        .option('--no-deps', 'only this scenario, without the sessions it depends on')
        .option(
          '--serve',
          'an audience watches in browsers, read-only (one link, printed); this terminal keeps the controls',
        )
        .option(
          '--size <cols>x<rows>',
          'with --serve: the screen the audience sees (default: this terminal, or 120x36)',
        ),
    ),
  );
  addListenOptions(watch).action(async (target: string, flags: InteractiveFlags & StageFlags) => {
    if (flags.vs !== undefined || flags.present) {
      if (flags.serve)
        throw new UserError('--serve shows the ordinary watch screen: drop --vs or --present');
      const { staged } = await import('../actions/stage.ts');
      return staged(target, flags, (await import('../terminal-app.ts')).interactiveTerminal());
    }
    return (await actions()).live('watch', target, flags);
  });

  addSessionOptions(
    program
      .command('replay')
      .description(
        'scrub a recording turn by turn, every pane restored; f forks it at the turn on screen (you play the user; --agent human: the agent; --user BACKEND: watch)',
      )
      .argument('<recording>', 'a recording (.jsonl)')
      .option(
        '--turn <n>',
        'open at this turn (default: 0, the request that starts the session)',
        nonNegativeInt,
      )
      .option('--plain', 'print the recording as a line-by-line transcript')
      .option(
        '--vs <recording>',
        'a second recording of the same scenario side by side (a fork and its parent: from the fork turn)',
      ),
  ).action(async (file: string, flags: InteractiveFlags) => (await actions()).replay(file, flags));
}
