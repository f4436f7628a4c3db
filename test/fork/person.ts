/** What the fork tests of sessions a person played share: the backends, and the one recording a run left. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../../src/config/config.ts';
import { runGroup, type GroupRunOptions } from '../../src/session/group.ts';
import { createHumanPorts } from '../../src/session/input-queue.ts';
import { planRuns } from '../../src/session/plan.ts';
import { createToolRegistry } from '../../src/tools/index.ts';

export const config = resolveConfig({}, {});
export const registry = createToolRegistry();

/** The proactive script agent, the rules judge, and this user (a person, or the rules user). */
export const withUser = (user: 'human' | 'rules') => ({
  agent: { kind: 'script' as const, name: 'proactive' },
  user: { kind: user },
  judge: { kind: 'rules' as const },
});

/** The recording a run left under `dir`. */
export function recordingIn(dir: string): string {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return path.join(
    dir,
    files.find((f) => f.endsWith('.jsonl'))!,
  );
}

/**
 * `scenario` played by a person who types `typed`, one line each time asked (then `rest`), with
 * the proactive script as the agent; returns its recording (under `out`).
 */
export async function personPlays(
  scenario: string,
  out: string,
  typed: string[],
  opts: { rest: string; maxTurns: number; paceTime?: GroupRunOptions['paceTime'] },
  ports = createHumanPorts(),
): Promise<string> {
  const [group] = planRuns([scenario], { noDeps: true });
  await runGroup(group!, {
    specs: withUser('human'),
    config,
    registry,
    recordingsDir: out,
    human: ports,
    maxTurns: opts.maxTurns,
    ...(opts.paceTime ? { paceTime: opts.paceTime } : {}),
    onEvent: (e) => {
      if (e.type === 'awaiting_input' && e.role === 'user')
        ports.user.push({ text: typed.shift() ?? opts.rest, reveals: [] });
    },
  });
  return recordingIn(out);
}

/** What the person of `speaksWhileWaiting` writes in the first wait for time. */
export const ASKS_IN_THE_WAIT = 'any news on the flight?';

/**
 * marketer/flight-watch played by a person who speaks in the first wait for time, cutting it
 * short (later waits let the time pass); returns its recording (under `out`).
 */
export function speaksWhileWaiting(out: string): Promise<string> {
  const ports = createHumanPorts();
  let waits = 0;
  const paceTime = () => {
    if (++waits > 1) return Promise.resolve('time_passes' as const);
    ports.user.push({ text: ASKS_IN_THE_WAIT, reveals: [] });
    return Promise.resolve('user_speaks' as const);
  };
  const opts = { rest: 'thanks', maxTurns: 8, paceTime };
  return personPlays('marketer/flight-watch', out, [], opts, ports);
}
