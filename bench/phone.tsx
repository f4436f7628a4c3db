/**
 * Phone render benchmark: the session screen of a proposal scenario at 160x48 (five panes, the
 * Phone among them) while the user moves screen by screen. The events come from a real headless
 * run of the generated proposal scenario (bench/proposal-scenario.ts: screen moves, chat, idle
 * ticks, an update every tenth tick); the first half is history, the rest is dispatched at 50
 * events a second. Each frame is timed from the store's new state to the frame written.
 * Target: p95 ≤ 16 ms.
 *
 *   npm run bench -- phone [--ticks 300] [--seconds 10]
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { writeProposalScenario } from './proposal-scenario.ts';
import { frameStats, recordedEvents, timeFrames } from './screen-frames.tsx';

const { values } = parseArgs({ options: { ticks: { type: 'string', default: '300' }, seconds: { type: 'string', default: '10' } } });
const ticks = Number(values.ticks);
const seconds = Number(values.seconds);
const size = { columns: 160, rows: 48 };

const { root, file } = writeProposalScenario(ticks);
const events = await recordedEvents(file);
rmSync(root, { recursive: true, force: true });

const half = events.findIndex((e) => e.type === 'tick' && e.tick === Math.floor(ticks / 2));
const { frames, dispatched } = await timeFrames(events, half, seconds, size);
const moves = dispatched.filter((e) => e.type === 'user_action').length;
console.log(JSON.stringify({ screen: 'session screen with the Phone (160x48, five panes)', ticks, events_dispatched: dispatched.length, user_moves: moves, ...frameStats(frames) }, null, 2));
