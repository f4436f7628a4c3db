/**
 * `study status`: for the operator, who is where now (each participant's step and last
 * activity), and the recruitment flow as a CONSORT diagram counts it: invited, declined (or left
 * at the consent page), started (consented), withdrawn, excluded by the checks, completed, still
 * in progress.
 */
import type { ParticipantData } from './data.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFlow } from './enrol.ts';
import type { Step } from './participant.ts';

export interface Flow {
  invited: number | null;
  declined: number;
  left_at_consent: number;
  started: number;
  withdrawn: number;
  /** Screened out by the study's check rule (`checks.on_fail: exclude`). */
  excluded: number;
  completed: number;
  in_progress: number;
}

/** Invitations issued (`study invite`, or the open link of `serve --study`): the entries of `invites.json`. */
function invitedCount(dataDir: string): number {
  const file = path.join(dataDir, 'invites.json');
  if (!existsSync(file)) return 0;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { invites?: unknown[] };
    return Array.isArray(parsed.invites) ? parsed.invites.length : 0;
  } catch {
    return 0;
  }
}

/** The CONSORT counts. `started` counts everyone who consented, withdrawn participants included. */
export function flowCounts(dataDir: string, data: readonly ParticipantData[]): Flow {
  const counts = readFlow(dataDir);
  const invites = invitedCount(dataDir);
  const completed = data.filter((p) => p.state.finished).length;
  const excluded = data.filter((p) => p.state.excluded).length;
  return {
    invited: invites || null,
    declined: counts.declined,
    left_at_consent: counts.left_at_consent,
    started: data.length + counts.withdrawn,
    withdrawn: counts.withdrawn,
    excluded,
    completed,
    in_progress: data.length - completed - excluded,
  };
}

export function stepText(step: Step, sessions: number): string {
  switch (step.kind) {
    case 'ready':
    case 'session':
      return `session ${step.session + 1} of ${sessions}${step.kind === 'ready' ? ' (ready page)' : ''}`;
    case 'questionnaire':
      return `questions after session ${step.session + 1}`;
    case 'before':
      return 'questions before the sessions';
    case 'final':
      return 'final questions';
    case 'excluded':
      return 'excluded by the checks';
    default:
      return step.kind;
  }
}

/** One line per participant, then the flow: what `study status` prints. */
export function statusText(
  dataDir: string,
  data: readonly ParticipantData[],
  now = Date.now(),
): string {
  const rows = data.map((p) => {
    const last = p.log.at(-1);
    const ago = last ? Math.round((now - Date.parse(last.wall)) / 60_000) : null;
    // A run is live while its last line is not a stop or the end, and recent.
    const live =
      last &&
      !['stop', 'finished', 'excluded_seen'].includes(last.type) &&
      ago !== null &&
      ago < 30;
    const where = p.state.finished ? 'finished' : stepText(p.state.step, p.state.sessions.length);
    const when = ago === null ? '' : agoText(ago);
    return [
      p.state.participant,
      `#${p.state.ordinal + 1}`,
      where,
      live ? 'running' : 'not running',
      when,
    ];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((r) => r[i]!.length)));
  const f = flowCounts(dataDir, data);
  return [
    `${data.length} participant${data.length === 1 ? '' : 's'} in ${dataDir}`,
    ...rows.map((r) =>
      `  ${r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join('  ')}`.trimEnd(),
    ),
    '',
    'Recruitment (CONSORT):',
    `  invited          ${f.invited ?? '– (no invitations issued with study invite)'}`,
    `  declined         ${f.declined} (and ${f.left_at_consent} left at the consent page)`,
    `  started          ${f.started} (consented)`,
    `  withdrawn        ${f.withdrawn}`,
    `  excluded         ${f.excluded} (by the checks)`,
    `  completed        ${f.completed}`,
    `  in progress      ${f.in_progress}`,
    '',
  ].join('\n');
}

/** How long ago a participant's last line was written, in minutes. */
function agoText(minutes: number): string {
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}
