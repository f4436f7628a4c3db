/**
 * What a person types to use the phone (the Phone pane's help says it): a number opens that
 * item (or, on the home screen, that app); an action by name, its form's fields after it in the
 * screen's order separated by `|`; `back`, `home`, `open_app NAME`; `wait` (or nothing) lets
 * the tick pass; `say TEXT` writes to the assistant. An answer to a proposal is `y` or `n`
 * (keys of their own in the TUI), or `accept`/`reject` followed by a reason.
 */
import type { ScreenView } from '../apps/screens/spec.ts';
import type { PhoneChoice } from '../contracts/backends.ts';

export function phoneCommand(typed: string, view: ScreenView): PhoneChoice {
  const text = typed.trim();
  if (!text || /^wait$/i.test(text)) return { kind: 'wait' };
  const say = /^say\s+([\s\S]+)$/i.exec(text);
  if (say) return { kind: 'say', text: say[1]!.trim() };
  const app = view.app || undefined;
  if (/^\d+$/.test(text)) {
    if (!view.app) {
      const line = view.lines[Number(text) - 1];
      const name = line ? /\(([^)]+)\)$/.exec(line)?.[1] : undefined;
      return { kind: 'screen', action: 'open_app', args: { app: name ?? text } };
    }
    return { kind: 'screen', app, action: 'open', args: { item: Number(text) } };
  }
  const [head] = text.split(/\s+/);
  const name = head!.toLowerCase();
  const tail = text.slice(head!.length).trim();
  if (name === 'open_app') return { kind: 'screen', action: 'open_app', args: { app: tail } };
  if (name === 'open') return { kind: 'screen', app, action: 'open', args: { item: /^\d+$/.test(tail) ? Number(tail) : tail } };
  const action = view.actions.find((a) => a.name === name);
  const values = tail ? tail.split('|').map((v) => v.trim()) : [];
  const args: Record<string, unknown> = {};
  (action?.fields ?? []).forEach((f, i) => {
    if (values[i] !== undefined && values[i] !== '') args[f.name] = values[i];
  });
  return { kind: 'screen', app, action: name, ...(Object.keys(args).length ? { args } : {}) };
}

/** `y`, `yes`, `accept`, `n`, `no`, `reject` (then an optional reason); undefined for anything else. */
export function proposalAnswer(typed: string): { accept: boolean; reason: string } | undefined {
  const m = /^\s*(y|yes|accept|n|no|reject)\b[\s,:.-]*([\s\S]*)$/i.exec(typed);
  if (!m) return undefined;
  const accept = /^(y|a)/i.test(m[1]!);
  return { accept, reason: m[2]!.trim() || (accept ? 'the user accepted' : 'the user declined') };
}
