/**
 * The `rules` judge: deterministic and offline. Stage 1 evaluates each open intent's
 * `done` rule over the turn; stage 2 matches the reply's questions against `ask`
 * patterns; stage 3 picks the first open intent in file order.
 */
import type {
  ChecklistGrade,
  JudgeBackend,
  JudgeTurnInput,
  JudgeVerdict,
  RubricInput,
} from '../contracts/backends.ts';
import type { BackendInfo } from '../contracts/events.ts';
import { testPattern } from '../scenario/regex.ts';
import { evaluateRule } from './evidence.ts';
import { extractQuestions } from '../text/questions.ts';

export class RulesJudge implements JudgeBackend {
  readonly info: BackendInfo = { kind: 'rules' };
  readonly rubricByRules = true;

  async assessTurn({ open, evidence }: JudgeTurnInput): Promise<JudgeVerdict> {
    const scope = {
      replies: [evidence.reply],
      toolCalls: evidence.toolCalls,
      files: evidence.files,
      apps: evidence.apps,
    };
    const verdict: JudgeVerdict = { completed: [], targeted: [] };
    const questions = extractQuestions(evidence.reply);
    for (const intent of open) {
      if (intent.done) {
        const v = evaluateRule(intent.done, scope);
        if (v.holds) {
          verdict.completed.push({ intent: intent.id, evidence: v.detail });
          continue;
        }
      }
      const question = questions.find((q) => intent.ask?.some((p) => testPattern(p, q) !== null));
      if (question) verdict.targeted.push({ intent: intent.id, question });
    }
    return verdict;
  }

  async pickNext({
    open,
  }: Omit<JudgeTurnInput, 'evidence'>): Promise<{ intent: string; reason: string }> {
    const first = open[0];
    if (!first) throw new Error('pickNext called with no open intent');
    return { intent: first.id, reason: 'first open intent in file order' };
  }

  async gradeRubric({ items, evidence }: RubricInput): Promise<ChecklistGrade[]> {
    const scope = {
      replies: evidence.replies,
      toolCalls: evidence.toolCalls,
      files: evidence.files,
      apps: evidence.apps,
    };
    return items.map((item) => {
      if (!item.rule)
        return {
          item: item.id,
          pass: null,
          reason: 'rubric item: needs a model judge (--judge openai)',
        };
      const v = evaluateRule(item.rule, scope);
      return { item: item.id, pass: v.holds, reason: `offline stand-in rule: ${v.detail}` };
    });
  }
}
