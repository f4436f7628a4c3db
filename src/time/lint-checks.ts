/**
 * `intentplay lint`'s checks of time scenarios: an update that expects a follow-up nothing can
 * recognise, and a pending intent that a good agent can never open.
 */
import type { AuthoringFinding } from '../contracts/paradigm.ts';
import type { LoadedScenario } from '../scenario/library.ts';
import { canBeSeen } from './validate.ts';

export function checkTimeAuthoring(s: LoadedScenario): AuthoringFinding[] {
  const out: AuthoringFinding[] = [];
  const updates = s.environment?.updates ?? [];
  updates.forEach((u, k) => {
    if (u.expect !== 'follow_up') return;
    const waiting = s.intents.filter((i) => i.after?.follow_up === u.id);
    if (!waiting.some((i) => i.done))
      out.push({
        check: 'unrecognised-follow-up',
        path: ['environment', 'updates', k, 'expect'],
        message: waiting.length
          ? `a follow-up on \`${u.id}\` opens ${waiting.map((i) => i.id).join(', ')}, but none has a \`done\` rule: the rules judge cannot tell a good follow-up from any reply`
          : `\`${u.id}\` expects a follow-up, but no intent waits for it (after: { follow_up: ${u.id} }) with a \`done\` rule that could recognise one`,
      });
  });
  s.intents.forEach((intent, k) => {
    const on = intent.after?.follow_up;
    if (!on) return;
    const u = updates.find((x) => x.id === on);
    if (!u) return; // validate reports it
    let why: string | undefined;
    if (u.expect === 'keep_silent')
      why = `\`${on}\` expects silence, so a good agent never follows up on it`;
    else if (!canBeSeen(s, u.notify))
      why = `the agent can never be woken on \`${on}\` (no \`time\` tools, no notify)`;
    if (why)
      out.push({
        check: 'unopenable-intent',
        path: ['intents', k, 'after'],
        message: `intent \`${intent.id}\` can never open: ${why}`,
      });
  });
  return out;
}
