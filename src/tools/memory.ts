/**
 * The agent's long-term memory: named notes that persist across the sessions of one
 * run group (an episode or a dependency chain), as in π-Bench's persistent agent.
 */
export class MemoryStore {
  private readonly notes = new Map<string, string>();

  read(key?: string): Record<string, string> {
    if (key === undefined) return Object.fromEntries(this.notes);
    const value = this.notes.get(key);
    return value === undefined ? {} : { [key]: value };
  }

  write(key: string, content: string, mode: 'replace' | 'append' = 'replace'): void {
    const prev = this.notes.get(key);
    this.notes.set(key, mode === 'append' && prev ? `${prev}\n${content}` : content);
  }

  delete(key: string): boolean {
    return this.notes.delete(key);
  }

  keys(): string[] {
    return [...this.notes.keys()];
  }

  /** Rendered for a system prompt ("what you remember from earlier sessions"). */
  render(): string {
    return [...this.notes].map(([k, v]) => `## ${k}\n${v}`).join('\n\n');
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.notes);
  }
}
