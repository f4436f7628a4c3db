/**
 * Question detection (docs/engine.md): a question is a sentence of the reply that ends with
 * `?`. Markdown decoration and closing quotes after the `?` are ignored. The rules judge
 * grades questions with it and the clarification counts (src/store/selectors.ts) count them.
 */
export function extractQuestions(reply: string): string[] {
  const out: string[] = [];
  for (const line of reply.split(/\n+/)) {
    // Split after sentence ends, keeping the terminator with its sentence.
    const sentences = line.match(/[^.!?。！？]+(?:[.!?。！？]+|$)/g) ?? [];
    for (const raw of sentences) {
      const s = raw
        .replace(/^[\s>*_\-#\d.)]+/, '')
        .replace(/[\s*_"'”’)\]]+$/, '')
        .trim();
      if (s.endsWith('?') || s.endsWith('？')) out.push(s);
    }
  }
  return out;
}
