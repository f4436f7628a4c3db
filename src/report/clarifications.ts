/**
 * Clarification accounting from a recording: the questions the agent asked, and how many
 * of them targeted a hidden intent (stage 2 of the turn protocol, docs/engine.md) rather than nothing in particular.
 */
import { extractQuestions } from '../judge/questions.ts';
import type { SessionEvent } from '../contracts/events.ts';

export interface QuestionCounts {
  questions: number;
  targeted: number;
  generic: number;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

export function countQuestions(events: readonly SessionEvent[]): QuestionCounts {
  const asked = new Map<number, string[]>();
  const targets = new Map<number, Set<string>>();
  for (const e of events) {
    if (e.type === 'message' && e.role === 'agent') asked.set(e.turn, [...(asked.get(e.turn) ?? []), ...extractQuestions(e.text)]);
    if (e.type === 'intent_status' && e.cause === 'question') targets.set(e.turn, (targets.get(e.turn) ?? new Set()).add(norm(e.detail)));
  }
  let questions = 0;
  let targeted = 0;
  for (const turn of new Set([...asked.keys(), ...targets.keys()])) {
    const qs = asked.get(turn) ?? [];
    const hit = targets.get(turn) ?? new Set<string>();
    // The rules judge quotes the question it matched; a model judge may paraphrase it (or
    // count a request without "?"), so then each distinct cause counts as one targeted question.
    const t = qs.filter((q) => hit.has(norm(q))).length || hit.size;
    targeted += t;
    questions += Math.max(qs.length, t);
  }
  return { questions, targeted, generic: questions - targeted };
}
