/**
 * What arrives in a tick: the scenario's updates due by now fire (their app records arrive) and
 * come as notifications, whole for the agent and previewed for the user; the noise adds its own.
 */
import { diffApps } from '../apps/diff.ts';
import type { SessionCore } from '../session/protocol.ts';
import type { TimeWorld } from '../sim/world.ts';
import type { ProposalGoals } from './goals.ts';
import type { Noise } from './noise.ts';

const PREVIEW = 48;
/** What the user sees of a notification: its first line, cut at a word near PREVIEW characters. */
const preview = (text: string) => {
  const line = text.split('\n')[0]!.trim();
  if (line.length <= PREVIEW) return line;
  const cut = line.lastIndexOf(' ', PREVIEW - 1);
  return `${line.slice(0, cut > PREVIEW / 2 ? cut : PREVIEW - 1).replace(/[\s,.;:]+$/, '')}…`;
};

/** Fires what is due; returns the notifications as the agent sees them and as the user's previews. */
export function fireUpdates(
  core: SessionCore,
  time: TimeWorld,
  noise: Noise,
  goals: ProposalGoals,
): { seen: string[]; previews: string[] } {
  const clock = time.clock;
  const seen: string[] = [];
  const previews: string[] = [];
  for (
    let next = time.nextEvent();
    next?.kind === 'update' && next.update.at <= clock.now;
    next = time.nextEvent()
  ) {
    const u = time.applyNext();
    if (u.spec.apps) {
      const before = core.env.apps.snapshot();
      core.env.apps.arrive(u.spec.apps);
      const apps = diffApps(before, core.env.apps.snapshot());
      if (apps.length) core.emit({ type: 'app_diff', turn: core.turn, apps });
    }
    core.emit({
      type: 'update',
      turn: core.turn,
      update: u.spec.id,
      at: clock.iso(),
      text: u.spec.text,
      seen: true,
      pushed: u.spec.notify ?? 'agent',
    });
    const app =
      Object.keys(u.spec.apps ?? {})[0] ?? core.scenario.environment?.name ?? 'notification';
    core.emit({
      type: 'notification',
      turn: core.turn,
      app,
      text: u.spec.text,
      preview: preview(u.spec.text),
      spurious: false,
    });
    seen.push(`${app}: ${u.spec.text}`);
    previews.push(`${app}: ${preview(u.spec.text)}`);
  }
  // What arrived may reach a goal by itself: the world's doing, not the agent's.
  goals.creditWorld('update', 'an update made it true');
  for (const n of noise.notificationsFor(clock.turnMs)) {
    core.emit({
      type: 'notification',
      turn: core.turn,
      app: n.app,
      text: n.text,
      preview: preview(n.text),
      spurious: true,
    });
    seen.push(`${n.app}: ${n.text}`);
    previews.push(`${n.app}: ${preview(n.text)}`);
  }
  return { seen, previews };
}
