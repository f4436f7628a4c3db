/**
 * What a person types to use the phone (the Phone pane's help says it): a number opens that
 * item (or, on the home screen, that app); an action by name (one with fields opens its form,
 * filled with `fill FIELD VALUE` or `FIELD VALUE` and sent with `submit`); `back`, `home`, `open_app NAME`; `wait` (or nothing) lets
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
  if (name === 'open')
    return {
      kind: 'screen',
      app,
      action: 'open',
      args: { item: /^\d+$/.test(tail) ? Number(tail) : tail },
    };
  const fill = formFill(name, tail, view);
  if (fill) return { kind: 'screen', app, action: 'fill', args: fill };
  const action = view.actions.find((a) => a.name === name);
  const values = tail ? tail.split('|').map((v) => v.trim()) : [];
  const args: Record<string, unknown> = {};
  (action?.fields ?? []).forEach((f, i) => {
    if (values[i] !== undefined && values[i] !== '') args[f.name] = values[i];
  });
  return { kind: 'screen', app, action: name, ...(Object.keys(args).length ? { args } : {}) };
}

/** On a form: `fill FIELD VALUE`, `fill FIELD | VALUE`, or just `FIELD VALUE` for one of its fields. */
function formFill(
  name: string,
  tail: string,
  view: ScreenView,
): { field: string; value: string } | undefined {
  if (view.screen !== 'form') return undefined;
  const fields = view.lines.map((l) => l.split(/[: ]/)[0]!);
  if (name !== 'fill') return fields.includes(name) ? { field: name, value: tail } : undefined;
  const [field = '', ...rest] = tail.includes('|') ? tail.split('|') : tail.split(/\s+/);
  return { field: field.trim(), value: rest.join(tail.includes('|') ? '|' : ' ').trim() };
}

/** `y`, `yes`, `accept`, `n`, `no`, `reject` (then an optional reason); undefined for anything else. */
export function proposalAnswer(typed: string): { accept: boolean; reason: string } | undefined {
  const m = /^\s*(y|yes|accept|n|no|reject)\b[\s,:.-]*([\s\S]*)$/i.exec(typed);
  if (!m) return undefined;
  const accept = /^(y|a)/i.test(m[1]!);
  return { accept, reason: m[2]!.trim() || (accept ? 'the user accepted' : 'the user declined') };
}
