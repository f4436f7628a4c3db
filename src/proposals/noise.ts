/**
 * PARE's noise, seeded so the same seed gives the same run (src/sim/random.ts): spurious
 * notifications at a rate per simulated hour, and transient failures of the agent's app calls
 * with a probability.
 */
import { seededRandom } from '../sim/random.ts';
import type { NoiseSpec } from './schema.ts';

/** What distracts the user: senders and first lines of notifications that need nothing. */
const DISTRACTORS: readonly { app: string; text: string }[] = [
  { app: 'news', text: 'Morning briefing: markets open higher; light rain this afternoon' },
  { app: 'spotify', text: 'New release from an artist you follow' },
  { app: 'amazon', text: 'Deals picked for you: up to 30% off home essentials' },
  { app: 'gmail', text: 'Newsletter: 5 productivity tips for the week' },
  { app: 'phone', text: 'Your monthly data plan resets tomorrow' },
  { app: 'todoist', text: 'You completed 3 tasks yesterday. Keep it up!' },
];

export class Noise {
  private readonly random: () => number;
  constructor(readonly spec: NoiseSpec | undefined) {
    this.random = seededRandom(spec?.seed ?? 0);
  }

  /** Spurious notifications for a tick of `ms` simulated milliseconds (a Poisson draw by thinning). */
  notificationsFor(ms: number): { app: string; text: string }[] {
    const rate = this.spec?.notifications_per_hour ?? 0;
    if (!rate) return [];
    const expected = (rate * ms) / 3_600_000;
    const out: { app: string; text: string }[] = [];
    // Knuth's Poisson sampler: fine for the small means a tick has.
    const limit = Math.exp(-expected);
    let p = this.random();
    while (p > limit && out.length < 20) {
      out.push(DISTRACTORS[Math.floor(this.random() * DISTRACTORS.length)]!);
      p *= this.random();
    }
    return out;
  }

  /** Whether this app call fails (drawn only when failures are configured, so a run without noise draws nothing). */
  toolFails(): boolean {
    const p = this.spec?.tool_failure ?? 0;
    return p > 0 && this.random() < p;
  }
}
