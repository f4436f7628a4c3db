/**
 * A person's own words score the same session the same (issue 34: "the same session scored Proc
 * 1.00 or 0.83 depending on the wording a person chose"). In a real terminal (tmux), two plays
 * of researcher/meal-plan against the reactive script agent at once: in one the person types I1's
 * reveal text, in the other the same need in their own words; then the same two sentences that
 * state nothing. Uncredited, the paraphrase left I1 open for the agent's next reply ("68 kg") to
 * complete, which raised Proc from 0.14 to 0.29 for the same session (the reveal-only rule and
 * the first round of the offline matcher both missed this paraphrase).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasTmux, tmuxTerminal, type Terminal } from '../helpers/tmux.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/intentplay.js');

const REVEAL =
  "Height about 175 cm, weight about 68 kg, body fat around 17%. I'm in a muscle-gain phase.";
const OWN_WORDS =
  "I'm around 175 tall, 68 kilos, roughly 17 percent fat, and bulking at the moment.";

const terms = { reveal: tmuxTerminal(BIN, 'words-a'), own: tmuxTerminal(BIN, 'words-b') };
afterAll(() => Object.values(terms).forEach((t) => t.close()));

/** Plays meal-plan to the end of turn 4 with `first` as the person's first message; returns the status bar. */
async function play(term: Terminal, first: string): Promise<string> {
  term.start(
    [
      'play',
      'researcher/meal-plan',
      '--agent',
      'script:reactive',
      '--no-deps',
      '--recordings',
      'rec',
    ],
    { columns: 120, rows: 40 },
  );
  await term.begin();
  const say = async (text: string, reply: string) => {
    await term.waitFor((s) => s.includes('enter sends'), 'the person’s turn');
    term.type(text);
    await term.waitFor((s) => s.includes(`› ${text.slice(0, 40)}`), 'the message in the box');
    term.keys('Enter');
    await term.waitFor((s) => s.includes(reply), `the agent's answer "${reply}"`);
  };
  await say(first, 'Got it, 68 kg and bulking.');
  await say('sounds good, go on', 'About 130 g protein');
  await say('ok, and then?', 'Table version written');
  term.keys('C-d');
  await term.waitFor((s) => s.includes('End the session now?'), 'the end question');
  term.keys('C-d');
  const screen = await term.waitFor((s) => s.includes('ended · Proc'), 'the ended session');
  return screen.split('\n').find((l) => l.includes('ended · Proc'))!;
}

/** The recording's intent statuses (intent → last status and cause; not those left unresolved by ending it) and its Proc. */
function recorded(term: Terminal) {
  const dir = path.join(term.work, 'rec');
  const file = readdirSync(dir).find((f) => f.includes('meal-plan'))!;
  const events = readFileSync(path.join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const statuses = new Map<string, string>();
  for (const e of events)
    if (e.type === 'intent_status' && e.to !== 'unresolved')
      statuses.set(e.intent as string, `${e.to as string} (${e.cause as string}, turn ${e.turn})`);
  const score = events.find((e) => e.type === 'score') as { scores: { proc: number } };
  return { statuses: Object.fromEntries(statuses), proc: score.scores.proc };
}

describe.skipIf(!hasTmux)('a person’s own words in a played session', () => {
  it('the reveal text and a paraphrase of it give the same Proc', { timeout: 90_000 }, async () => {
    const [byReveal, byOwnWords] = await Promise.all([
      play(terms.reveal, REVEAL),
      play(terms.own, OWN_WORDS),
    ]);
    expect(byReveal).toContain('ended · Proc 0.14');
    expect(byOwnWords).toContain('ended · Proc 0.14');

    const a = recorded(terms.reveal);
    const b = recorded(terms.own);
    expect(b).toEqual(a);
    expect(a.proc).toBe(0.143);
    // I1 is the person's (told in turn 2's message), not the agent's; "ok, and then?" told nothing, so the table is the agent's.
    expect(a.statuses).toEqual({
      I1: 'provided (reveal, turn 2)',
      I3: 'completed (evidence, turn 4)',
    });
  });
});
