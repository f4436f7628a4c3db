/**
 * π-Bench's files are read by PyYAML, which accepts one thing the YAML 1.2 spec (and the
 * `yaml` package) refuses: continuation lines of a quoted scalar indented no deeper than the
 * key that holds it. Both fold such lines into one with spaces and drop their leading white
 * space, so indenting them deeper changes no value. This pass does exactly that, and says
 * where, so a π-Bench file reads as PyYAML reads it; intentplay's own files stay strict.
 */

export interface Repair {
  /** 1-based line of a continuation line that was re-indented. */
  line: number;
}

/** Where a quoted scalar opened on `line` (after `key:` or `- `) and is still open at its end, if it is. */
function openQuote(line: string): { quote: '"' | "'"; indent: number } | undefined {
  const m = /^(\s*(?:- +)*)(?:[^\s#'"-][^:#]*:\s+)?(["'])/.exec(line);
  if (!m) return undefined;
  const quote = m[2] as '"' | "'";
  const rest = line.slice(m[0].length);
  // The node's own indentation: where its key (or, in a list, its item) starts.
  return closes(rest, quote) < 0 ? { quote, indent: m[1]!.length } : undefined;
}

/** Index just after the closing quote in `text`, or -1 when the scalar goes on. */
function closes(text: string, quote: '"' | "'"): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === '"' && c === '\\') {
      i++;
      continue;
    }
    if (c !== quote) continue;
    if (quote === "'" && text[i + 1] === "'") {
      i++;
      continue;
    }
    return i + 1;
  }
  return -1;
}

export function repairQuotedContinuations(source: string): { text: string; repairs: Repair[] } {
  const lines = source.split('\n');
  const repairs: Repair[] = [];
  let open: { quote: '"' | "'"; indent: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!open) {
      open = openQuote(line);
      continue;
    }
    const body = line.replace(/^[ \t]+/, '');
    const lead = line.length - body.length;
    if (body && (lead <= open.indent || /\t/.test(line.slice(0, lead)))) {
      lines[i] = ' '.repeat(open.indent + 2) + body;
      repairs.push({ line: i + 1 });
    }
    if (closes(body, open.quote) >= 0) open = undefined;
  }
  return { text: lines.join('\n'), repairs };
}
