/**
 * Timeline render benchmark: the session screen of a time scenario at 160x48 (five panes, the
 * Timeline among them) while updates fire. The events come from a real headless run of a
 * generated scenario with 300 updates and a condition reminder (every update wakes the agent);
 * the first half is history, the rest is dispatched at 50 events a second as it would arrive.
 * Each frame is timed from the store's new state to the frame written. Target: p95 ≤ 16 ms.
 *
 *   npm run bench -- timeline [--updates 300] [--seconds 10]
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frameStats, recordedEvents, timeFrames } from './screen-frames.tsx';
import { writeTimeScenario } from './time-scenario.ts';

const { values } = parseArgs({ options: { updates: { type: 'string', default: '300' }, seconds: { type: 'string', default: '10' } } });
const updates = Number(values.updates);
const seconds = Number(values.seconds);
const size = { columns: 160, rows: 48 };

const { root, file } = writeTimeScenario(updates, { gapMinutes: 30, text: (price) => `Price now ${price} at the shop on the corner, after the morning delivery.` });
const events = await recordedEvents(file);
rmSync(root, { recursive: true, force: true });

const half = events.findIndex((e) => e.type === 'update' && e.update === `U${Math.floor(updates / 2)}`);
const { frames, dispatched: rest } = await timeFrames(events, half, seconds, size);
const fired = rest.filter((e) => e.type === 'update').length;
console.log(JSON.stringify({ screen: 'session screen with the Timeline (160x48, five panes)', updates, events_dispatched: rest.length, updates_fired: fired, ...frameStats(frames) }, null, 2));
