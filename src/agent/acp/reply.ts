/**
 * An acp agent's reply to one prompt as it streams in: its text chunks joined, a paragraph break
 * where its text resumes after it called a tool or showed a plan, and a cap on its length.
 */

/** A reply longer than this in one prompt is a flooding agent, not an answer: it is stopped. */
export const MAX_REPLY_CHARS = 1_000_000;

/** How much of a cut-short reply its notice quotes. */
const SAID_CHARS = 4000;

export class ReplyText {
  /** The reply so far, as shown. */
  text = '';
  private resumes = false;

  /**
   * The agent called a tool or showed a plan. Agents send the text before and after as separate
   * messages with nothing between them (Codex: "…cause issues.I looked at your notes"), and
   * ACP has no message boundary: the text after it starts a new paragraph.
   */
  paused(): void {
    if (this.text.trim()) this.resumes = true;
  }

  /** Adds a chunk; returns it as shown (after a paragraph break when its text resumes). */
  add(chunk: string): string {
    if (!chunk) return '';
    let shown = chunk;
    if (this.resumes) {
      this.resumes = false;
      const rest = chunk.replace(/^\n+/, '');
      shown = this.text.endsWith('\n') ? `\n${rest}` : `\n\n${rest}`;
      if (this.text.endsWith('\n\n')) shown = rest;
    }
    this.text += shown;
    if (this.text.length > MAX_REPLY_CHARS)
      throw new Error(
        `it streamed more than ${MAX_REPLY_CHARS.toLocaleString('en')} characters of reply in one prompt, and was stopped (a cap)`,
      );
    return shown;
  }

  /** What the agent had said when its turn was cut short, for the record; undefined when nothing. */
  cutShort(): string | undefined {
    const said = this.text.trim();
    if (!said) return undefined;
    const more = said.length - SAID_CHARS;
    const quoted =
      more > 0 ? `${said.slice(0, SAID_CHARS)}…” (${more} more characters)` : `${said}”`;
    return `the agent's turn was cut short; what it had said so far: “${quoted}`;
  }
}
