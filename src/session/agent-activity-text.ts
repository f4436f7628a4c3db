/** One wording for an external agent's plan steps and permission answers, in every view (screen, transcript, exports). */
import type { PermissionDecision, PlanEntry } from '../contracts/events.ts';
import { permissionAsked } from '../text/permission-text.ts';

export const PLAN_MARK: Record<PlanEntry['status'], string> = {
  pending: '○',
  in_progress: '◐',
  completed: '●',
};

export const planLine = (e: PlanEntry): string => `${PLAN_MARK[e.status]} ${e.content}`;

const VERB: Record<PermissionDecision, string> = {
  allowed: 'allowed',
  always: 'allowed always',
  denied: 'denied',
};

/**
 * `allowed: Write notes.md (inside the workspace)`, naming the tool asked about (not a wrapper's
 * title such as "Approve MCP tool call"); `by` says whether a person or the policy answered.
 */
export function permissionLine(p: {
  title: string;
  input?: unknown;
  decision: PermissionDecision;
  by: 'policy' | 'person';
  reason: string;
}): string {
  return `${VERB[p.decision]}: ${permissionAsked(p).tool} (${p.by === 'person' ? 'by you' : p.reason})`;
}
