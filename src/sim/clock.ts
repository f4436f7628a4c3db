/**
 * The simulated clock every paradigm may share (time and proposal scenarios run on it).
 * Time passes instantly: the engine moves the clock forward (a turn's duration, or a jump to the next update while the user waits);
 * nothing ever sleeps. Times are kept as epoch milliseconds and shown in the start's
 * own UTC offset, so a scenario written for Shanghai reads in Shanghai time.
 */

export const DEFAULT_CLOCK_START = '2026-05-04T09:00:00Z';
export const DEFAULT_TURN = '1m';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(?:\d+(?:\.\d+)?[smhd])+$/;
const PART = /(\d+(?:\.\d+)?)([smhd])/g;
/** ISO 8601 with a date, a time and an explicit offset (Z or ±hh:mm). */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** `90s`, `15m`, `2h`, `1d12h` → milliseconds; undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (!DURATION.test(t)) return undefined;
  let ms = 0;
  for (const [, n, unit] of t.matchAll(PART))
    ms += Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS];
  return ms;
}

/** An absolute ISO time → epoch ms (with its UTC offset in minutes); undefined when malformed. */
export function parseIsoTime(text: string): { ms: number; offsetMin: number } | undefined {
  const t = text.trim();
  if (!ISO.test(t)) return undefined;
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) return undefined;
  const m = /([+-])(\d{2}):(\d{2})$/.exec(t);
  const offsetMin = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return { ms, offsetMin };
}

/**
 * A time as a scenario (or an agent) writes it: `+1d` (an offset from `base`) or an absolute
 * ISO time. Returns a reason when it cannot be read.
 */
export function parseTimeValue(text: string, base: number): { ms: number } | { problem: string } {
  const t = text.trim();
  if (t.startsWith('+')) {
    const d = parseDuration(t.slice(1));
    return d === undefined
      ? { problem: `\`${t}\` is not an offset (write +90s, +15m, +2h, +1d or +1d12h)` }
      : { ms: base + d };
  }
  const iso = parseIsoTime(t);
  return iso
    ? { ms: iso.ms }
    : {
        problem: `\`${t}\` is neither an offset (+2h, +1d) nor an ISO time with an offset (2026-05-04T09:00:00+08:00)`,
      };
}

/** "1 day 2 hours": how long a jump was, for the screen. */
export function describeDuration(ms: number): string {
  if (ms <= 0) return 'no time';
  const parts: string[] = [];
  let left = Math.round(ms / 1000);
  for (const [unit, secs] of [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ] as const) {
    const n = Math.floor(left / secs);
    if (n) parts.push(`${n} ${unit}${n === 1 ? '' : 's'}`);
    left -= n * secs;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

export class SimClock {
  private nowMs: number;

  constructor(
    readonly startMs: number,
    /** The start's UTC offset, in minutes: every time is shown in it. */
    readonly offsetMin: number,
    /** How long one agent turn takes, in ms. */
    readonly turnMs: number,
  ) {
    this.nowMs = startMs;
  }

  static from(
    spec: { start?: string | undefined; turn?: string | undefined } | undefined,
  ): SimClock {
    const start =
      parseIsoTime(spec?.start ?? DEFAULT_CLOCK_START) ?? parseIsoTime(DEFAULT_CLOCK_START)!;
    return new SimClock(
      start.ms,
      start.offsetMin,
      parseDuration(spec?.turn ?? DEFAULT_TURN) ?? 60_000,
    );
  }

  get now(): number {
    return this.nowMs;
  }

  /** Moves forward (never back) to `ms`; returns how far it moved. */
  advanceTo(ms: number): number {
    const by = Math.max(0, ms - this.nowMs);
    this.nowMs += by;
    return by;
  }

  advanceBy(ms: number): void {
    this.nowMs += Math.max(0, ms);
  }

  /** ISO 8601 in the clock's own offset, to the second: `2026-05-05T09:00:00+08:00`. */
  iso(ms: number = this.nowMs): string {
    return formatIso(ms, this.offsetMin);
  }
}

export function formatIso(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 19);
  if (offsetMin === 0) return `${local}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
