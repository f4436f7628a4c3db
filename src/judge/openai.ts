/**
 * The `openai` judge. Stages 1 and 2 of the turn protocol in ONE structured call per
 * agent turn (π-Bench's runner spends two), stage 3 as one small call, and the rubric
 * as one call at session end (for a π-Bench scenario, one call per agent turn over what
 * π-Bench's grader sees, OR-ed over turns: see pibench-rubric.ts). Answers are checked against zod schemas; invalid output
 * gets one retry, then the problem is reported as a `judge_error`, never papered over.
 */
import { z } from 'zod';
import type {
  ChecklistGrade,
  JudgeBackend,
  JudgeTurnInput,
  JudgeVerdict,
  RefusalInput,
  RubricInput,
  StatedInput,
  StatedIntent,
} from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import type { RoleClient } from '../llm/client.ts';
import {
  listChecklist,
  listIntents,
  PICK_JUDGE_SYSTEM,
  REFUSAL_JUDGE_SYSTEM,
  RUBRIC_JUDGE_SYSTEM,
  TURN_JUDGE_SYSTEM,
} from '../llm/prompts.ts';
import { renderTraces } from '../pibench/trace.ts';
import {
  mergeTurnVerdicts,
  PIBENCH_RUBRIC_SYSTEM,
  pibenchTurnCase,
  type TurnVerdicts,
} from './pibench-rubric.ts';
import { clip, renderApps, renderFiles, renderToolCalls, renderTranscript } from '../llm/render.ts';
import { askForJson, JudgeOutputError } from '../llm/structured.ts';
import { askStated } from './stated.ts';

const TurnAnswer = z.object({
  intents: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['completed', 'targeted', 'neither']),
      evidence: z.string().optional(),
      question: z.string().optional(),
    }),
  ),
});
type TurnAnswer = z.infer<typeof TurnAnswer>;

const PickAnswer = z.object({ intent: z.string(), reason: z.string().default('') });

const RefusalAnswer = z.object({ refusal: z.boolean(), reason: z.string().default('') });

const RubricAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      verdict: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(['YES', 'NO']),
      ),
      reason: z.string().default(''),
    }),
  ),
});

/** Earlier conversation kept in a turn prompt: the latest part matters most. */
const EARLIER_CHARS = 20_000;

export class OpenAIJudge implements JudgeBackend {
  readonly info: BackendInfo;
  readonly rubricByRules = false;

  constructor(private readonly client: RoleClient) {
    this.info = client.info;
  }

  async assessTurn(input: JudgeTurnInput): Promise<JudgeVerdict> {
    const openIds = new Set(input.open.map((i) => i.id));
    const ctx = { turn: input.turn, emit: input.emit, signal: input.signal };
    const { value, problems } = await askForJson(
      this.client,
      [
        { role: 'system', content: TURN_JUDGE_SYSTEM },
        { role: 'user', content: this.turnCase(input) },
      ],
      ctx,
      { schema: TurnAnswer, problems: (v) => turnProblems(v, openIds) },
    );
    const verdict: JudgeVerdict = { completed: [], targeted: [] };
    const bad = new Set<string>();
    for (const p of problems) for (const id of openIds) if (p.startsWith(`${id}:`)) bad.add(id);
    for (const entry of value.intents) {
      if (!openIds.has(entry.id) || bad.has(entry.id)) continue;
      if (entry.status === 'completed')
        verdict.completed.push({ intent: entry.id, evidence: entry.evidence!.trim() });
      else if (entry.status === 'targeted')
        verdict.targeted.push({ intent: entry.id, question: entry.question!.trim() });
    }
    if (problems.length)
      input.emit({
        type: 'judge_error',
        turn: input.turn,
        message: `intent judging, after one retry: ${problems.join('; ')}; ${bad.size ? `${[...bad].join(', ')} stay${bad.size === 1 ? 's' : ''} open` : 'ignored'}`,
      });
    return verdict;
  }

  private turnCase(input: JudgeTurnInput): string {
    const { evidence } = input;
    const earlier = renderTranscript(
      input.transcript.filter(
        (e) => e.turn < input.turn || e.kind === 'user' || e.kind === 'event',
      ),
      { audience: 'judge', perToolResult: 300 },
    );
    const apps = renderApps(evidence.apps);
    return [
      `Open hidden intents:\n${listIntents(input.open)}`,
      `Conversation up to this turn:\n${earlier.length > EARLIER_CHARS ? `…${earlier.slice(-EARLIER_CHARS)}` : earlier}`,
      `=== The assistant's turn ${input.turn} ===`,
      `Reply:\n${clip(evidence.reply, 8000) || '(empty)'}`,
      `Tool calls in this turn:\n${renderToolCalls(evidence.toolCalls)}`,
      `Files created or changed in this turn:\n${renderFiles(evidence.files)}`,
      ...(apps ? [`App state after the turn:\n${apps}`] : []),
    ].join('\n\n');
  }

  async pickNext(
    input: Omit<JudgeTurnInput, 'evidence'>,
  ): Promise<{ intent: string; reason: string }> {
    const openIds = new Set(input.open.map((i) => i.id));
    const { value } = await askForJson(
      this.client,
      [
        { role: 'system', content: PICK_JUDGE_SYSTEM },
        {
          role: 'user',
          content: `Open hidden intents:\n${listIntents(input.open)}\n\nConversation so far:\n${tail(renderTranscript(input.transcript, { audience: 'judge', perToolResult: 200 }))}`,
        },
      ],
      { turn: input.turn, emit: input.emit, signal: input.signal },
      {
        schema: PickAnswer,
        problems: (v) =>
          openIds.has(v.intent)
            ? []
            : [
                `intent: \`${v.intent}\` is not one of the open intents (${[...openIds].join(', ')})`,
              ],
      },
    );
    // A pick that is still not open goes back to the engine, which reports it and falls back.
    return { intent: value.intent, reason: value.reason || 'picked by the judge' };
  }

  /** Time scenarios: one small call on a person's or model user's message (src/time/refusal.ts). */
  async readRefusal(input: RefusalInput): Promise<{ refusal: boolean; reason: string }> {
    const { value } = await askForJson(
      this.client,
      [
        { role: 'system', content: REFUSAL_JUDGE_SYSTEM },
        {
          role: 'user',
          content: `The assistant said:\n${clip(input.agentReply, 4000) || '(nothing)'}\n\nThe user answered:\n${clip(input.text, 4000)}`,
        },
      ],
      { turn: input.turn, emit: input.emit, signal: input.signal },
      { schema: RefusalAnswer, problems: () => [] },
    );
    return { refusal: value.refusal, reason: firstLine(value.reason) };
  }

  /** A person's or model user's message: the open intents it states, one small call (stated.ts). */
  readStated(input: StatedInput): Promise<StatedIntent[]> {
    return askStated(this.client, input);
  }

  async gradeRubric(input: RubricInput): Promise<ChecklistGrade[]> {
    if (input.scenario.pibench) return this.gradeRubricPerTurn(input);
    const turn = lastTurn(input);
    const apps = renderApps(input.evidence.apps);
    const { value, problems } = await this.askRubric(
      input,
      RUBRIC_JUDGE_SYSTEM,
      [
        `The user's hidden intents:\n${listIntents(input.scenario.intents)}`,
        `Checklist:\n${listChecklist(input.items)}`,
        `Trace:\n${tail(renderTranscript(input.transcript, { audience: 'judge', perToolResult: 600 }), 60_000)}`,
        `Final workspace files:\n${renderFiles(input.evidence.files)}`,
        ...(apps ? [`Final app state:\n${apps}`] : []),
      ].join('\n\n'),
    );
    if (problems.length)
      input.emit({
        type: 'judge_error',
        turn,
        message: `rubric grading, after one retry: ${problems.join('; ')}`,
      });
    const ids = new Set(input.items.map((i) => i.id));
    return value.items
      .filter((i) => ids.has(i.id))
      .map((i) => ({
        item: i.id,
        pass: i.verdict === 'YES',
        reason: firstLine(i.reason) || i.verdict,
      }));
  }

  /** π-Bench's way: one question per agent turn over that turn's trace; a criterion passes if any turn passes it. */
  private async gradeRubricPerTurn(input: RubricInput): Promise<ChecklistGrade[]> {
    const turn = lastTurn(input);
    const traces = renderTraces({
      transcript: input.transcript,
      toolCalls: input.evidence.toolCalls,
      files: input.evidence.files,
      pibench: input.scenario.pibench,
    });
    const ids = new Set(input.items.map((i) => i.id));
    const parsed: TurnVerdicts[] = [];
    for (const trace of traces) {
      try {
        const { value, problems } = await this.askRubric(
          input,
          PIBENCH_RUBRIC_SYSTEM,
          pibenchTurnCase(input.scenario.intents, input.items, trace),
        );
        if (problems.length)
          input.emit({
            type: 'judge_error',
            turn,
            message: `rubric grading of turn ${trace.turn}, after one retry: ${problems.join('; ')}; a criterion without a verdict counts as NO for this turn`,
          });
        const verdicts = new Map(
          value.items
            .filter((i) => ids.has(i.id))
            .map((i) => [
              i.id,
              { yes: i.verdict === 'YES', reason: firstLine(i.reason) || i.verdict },
            ]),
        );
        parsed.push({ turn: trace.turn, verdicts });
      } catch (err) {
        // Only an answer that never parsed is the turn's own failure; a dead endpoint or an abort ends grading.
        if (!(err instanceof JudgeOutputError)) throw err;
        input.emit({
          type: 'judge_error',
          turn,
          message: `rubric grading of turn ${trace.turn} failed: ${err.message}; every criterion stays ungraded, as π-Bench drops the task`,
        });
      }
    }
    return mergeTurnVerdicts(input.items, parsed, traces.length);
  }

  private askRubric(input: RubricInput, system: string, content: string) {
    const ids = new Set(input.items.map((i) => i.id));
    return askForJson(
      this.client,
      [
        { role: 'system', content: system },
        { role: 'user', content },
      ],
      { turn: lastTurn(input), emit: input.emit, signal: input.signal },
      {
        schema: RubricAnswer,
        problems: (v) =>
          idProblems(
            v.items.map((i) => i.id),
            ids,
            'checklist item',
          ),
      },
    );
  }
}

/** Rubric events carry the session's last turn: grading happens after it. */
function lastTurn(input: RubricInput): number {
  return input.transcript.reduce((max, e) => Math.max(max, e.turn), 0);
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

function tail(text: string, max = EARLIER_CHARS): string {
  return text.length > max ? `…${text.slice(-max)}` : text;
}

/** Each problem starts with the intent id it concerns, so the rest of the answer stays usable. */
function turnProblems(answer: TurnAnswer, open: ReadonlySet<string>): string[] {
  const problems = idProblems(
    answer.intents.map((e) => e.id),
    open,
    'open intent',
  );
  for (const e of answer.intents) {
    if (!open.has(e.id)) continue;
    if (e.status === 'completed' && !e.evidence?.trim())
      problems.push(`${e.id}: "completed" needs the evidence (a quote or the tool call)`);
    if (e.status === 'targeted' && !e.question?.trim())
      problems.push(`${e.id}: "targeted" needs the question, quoted`);
  }
  return problems;
}

function idProblems(
  given: readonly string[],
  expected: ReadonlySet<string>,
  what: string,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const id of given) {
    if (!expected.has(id))
      problems.push(`\`${id}\` is not one of the ${what}s (${[...expected].join(', ')})`);
    else if (seen.has(id)) problems.push(`${id}: given twice`);
    seen.add(id);
  }
  for (const id of expected) if (!seen.has(id)) problems.push(`${id}: no verdict given`);
  return problems;
}
