/**
 * Answering an acp agent's permission request (docs/agents.md): what it asks about (the
 * request's own words over what earlier updates of the call said), the verdict of
 * permissions.ts or of the person at the screen, the recorded events, and the option picked.
 */
import type { RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import type { AgentTurnInput } from '../../contracts/backends.ts';
import type { PermissionDecision } from '../../contracts/events.ts';
import type { InputQueue } from '../../session/input-queue.ts';
import { permissionAsked } from '../../text/permission-text.ts';
import { pathsIn, policyFor } from './permissions.ts';
import { toolCallDetails, toolCallName } from './updates.ts';

export interface PermissionContext {
  /** The turn under way when the request came (none: the request is cancelled). */
  turn: AgentTurnInput | undefined;
  /** What earlier updates said of each call, by its id (read after they are all in). */
  known: ReadonlyMap<string, Record<string, unknown>>;
  /** Kinds of tool a person allowed always, for the rest of the session (added to here). */
  always: Set<string>;
  /** Present when a person is at the screen: requests the policy leaves open are asked there. */
  person: InputQueue<PermissionDecision> | undefined;
  /** Waits for the person's answer with the agent's deadline stopped: their time is not the agent's. */
  held?: <T>(wait: Promise<T>) => Promise<T>;
}

const BY_PERSON: Record<PermissionDecision, string> = {
  denied: 'denied by the person at the screen',
  always: 'allowed always by the person at the screen',
  allowed: 'allowed once by the person at the screen',
};

/** The option kinds that carry a decision, best first. */
const OPTION_KINDS: Record<PermissionDecision, string[]> = {
  denied: ['reject_once', 'reject_always'],
  always: ['allow_always', 'allow_once'],
  allowed: ['allow_once', 'allow_always'],
};

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

export async function answerPermission(
  params: RequestPermissionRequest,
  signal: AbortSignal,
  ctx: PermissionContext,
): Promise<RequestPermissionResponse> {
  const { turn } = ctx;
  const tc = params.toolCall;
  // Updates sent before this request sit in the session's queue: let the prompt loop read them first.
  await new Promise((resolve) => setImmediate(resolve));
  const said: Record<string, unknown> = {
    ...ctx.known.get(tc.toolCallId),
    ...(tc.kind ? { kind: tc.kind } : {}),
    ...toolCallDetails(tc),
  };
  const kind = typeof said.kind === 'string' ? said.kind : undefined;
  const title = typeof said.title === 'string' ? said.title : toolCallName(tc);
  // The places the tool's own arguments name (not the wording of a wrapper around them).
  const { args } = permissionAsked({ title, input: said.input });
  const paths = [...new Set([...((said.paths as string[] | undefined) ?? []), ...pathsIn(args)])];
  const cwd = turn?.cwd;
  if (!turn || !cwd) return CANCELLED;
  const base = {
    turn: turn.turn,
    callId: tc.toolCallId,
    title,
    ...(kind ? { kind } : {}),
    paths,
    ...(said.input !== undefined ? { input: said.input } : {}),
  };
  const verdict = policyFor({ kind, paths }, cwd, {
    person: Boolean(ctx.person),
    always: ctx.always,
  });
  let decision: PermissionDecision;
  let by: 'policy' | 'person' = 'policy';
  let reason: string;
  if ('ask' in verdict) {
    turn.emit({ type: 'permission_request', ...base });
    try {
      const answer = ctx.person!.next(AbortSignal.any([signal, turn.signal]));
      decision = await (ctx.held ? ctx.held(answer) : answer);
    } catch {
      return CANCELLED;
    }
    by = 'person';
    reason = BY_PERSON[decision];
  } else ({ decide: decision, reason } = verdict);
  if (decision === 'always') ctx.always.add(kind ?? 'other');
  turn.emit({ type: 'permission', ...base, decision, by, reason });
  const option = OPTION_KINDS[decision]
    .map((k) => params.options.find((o) => o.kind === k))
    .find(Boolean);
  return option ? { outcome: { outcome: 'selected', optionId: option.optionId } } : CANCELLED;
}
