/** An app's changes as lines a person reads in the Workspace pane (the raw JSON diff is one key away). */
import type { AppChange } from '../../contracts/events.ts';
import { sanitize, width, wrapWithPrefix } from '../../text/text.ts';
import type { Theme } from '../theme.ts';
import type { Line } from '../../text/text.ts';

const KIND_MARKS: Record<AppChange['kind'], string> = { added: '+', removed: '-', changed: '~' };

function kindColor(kind: AppChange['kind'], theme: Theme): string | undefined {
  if (kind === 'added') return theme.diff.add;
  return kind === 'removed' ? theme.diff.remove : theme.text.accent;
}

function heading(c: AppChange): string {
  const name = c.name ? ` “${c.name}”` : '';
  let where = '';
  if (c.parent) where = c.kind === 'added' ? ` to ${c.parent}` : ` from ${c.parent}`;
  const verb = c.kind === 'changed' ? 'updated' : c.kind;
  return `${c.what}${name} ${verb}${where}`;
}

/**
 * `+ task “Hand soap” added to project Shopping`, `~ expense “Pizza” updated` with `paid_amount 30 → 45`
 * below, wrapped to `cols` (a narrow pane shows the whole sentence, not its first words).
 */
export function appSummaryLines(
  changes: AppChange[],
  hidden: string[],
  theme: Theme,
  cols: number,
): Line[] {
  const out: Line[] = [];
  for (const c of changes) {
    const mark = KIND_MARKS[c.kind];
    const color = kindColor(c.kind, theme);
    out.push(
      ...wrapWithPrefix([{ text: `${mark} `, color, bold: true }], sanitize(heading(c)), cols),
    );
    for (const f of c.fields ?? []) {
      const [field, from, to] = [sanitize(f.field), sanitize(f.from), sanitize(f.to)];
      const text = `${field} ${from} → ${to}`;
      // Old in red and new in green when the line fits; wrapped plain when it does not.
      if (width(text) + 4 <= cols)
        out.push([
          { text: `    ${field} ` },
          { text: from, color: theme.diff.remove },
          { text: ' → ', color: theme.text.muted },
          { text: to, color: theme.diff.add },
        ]);
      else out.push(...wrapWithPrefix([{ text: '    ' }], text, cols));
    }
  }
  const muted = { color: theme.text.muted };
  if (!changes.length)
    out.push(...wrapWithPrefix([{ text: ' ' }], 'nothing beyond bookkeeping changed', cols, muted));
  if (hidden.length)
    out.push(
      ...wrapWithPrefix([{ text: ' ' }], `bookkeeping hidden: ${hidden.join(', ')}`, cols, muted),
    );
  return out;
}

/** The list row's words for an app: `app todoist · 1 added, 1 updated`. */
export function appCounts(changes: AppChange[]): string {
  const count = (kind: AppChange['kind'], word: string) => {
    const n = changes.filter((c) => c.kind === kind).length;
    return n ? `${n} ${word}` : '';
  };
  return [count('added', 'added'), count('changed', 'updated'), count('removed', 'removed')]
    .filter(Boolean)
    .join(', ');
}
