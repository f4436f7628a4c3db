/**
 * The one root of intentplay's own errors, and one way to read any thrown value's message.
 * `UserError` (bad input: printed without a stack trace), `ModelError` (a model call failed),
 * `ToolError` (a tool refused: the agent reads it), `RecordingError` (a recording cannot be
 * read) all extend `IntentplayError`; anything else that reaches the top is a bug.
 */
export class IntentplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The message of anything thrown: an Error's message, a protocol error's `message` field, or the value as text. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (
    typeof err === 'object' &&
    err !== null &&
    'message' in err &&
    typeof err.message === 'string'
  )
    return err.message;
  return String(err);
}

/** A failure the agent should see as a tool error (bad path, no match, ...), not a crash. */
export class ToolError extends IntentplayError {}
