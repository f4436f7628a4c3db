/** Builds a throwaway library on disk from a map of files, for tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PERSONA_YAML = `id: p
name: Pat
role: tester
profile: Tests things.
style: terse
`;

/** A time scenario: watch ticket prices; a drop the next day wants a follow-up. */
export const TICKET_WATCH = `id: p/tickets
persona: p
title: Ticket watch
clock: { start: "2026-05-04T09:00:00+08:00", turn: 2m }
trigger: { kind: user, text: Tell me when a ticket for the 12 June concert drops under 300. }
tools: [memory, time, environment]
environment:
  name: tickets
  state: { tickets: [] }
  updates:
    - { id: U1, at: +1d, set: { tickets: [{ id: T1, price: 280 }] }, text: T1 at 280., expect: follow_up }
intents:
  - { id: I1, text: Keep watching., done: { tool_called: { name: set_reminder } } }
`;

export function makeLibrary(files: Record<string, string>, withPersona = true): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'intentplay-lib-'));
  const all = withPersona ? { 'personas/p.yaml': PERSONA_YAML, ...files } : files;
  mkdirSync(path.join(root, 'personas'), { recursive: true });
  for (const [rel, text] of Object.entries(all)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}
