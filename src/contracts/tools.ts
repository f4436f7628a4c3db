/** What a backend sees of the tool layer: a tool's JSON Schema and the outcome of a call. */

/** JSON Schema of a tool as offered to an OpenAI-compatible model. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };
