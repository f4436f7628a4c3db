/** A one-line text buffer with a cursor, edited by the keys the keymap leaves to text entry. */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { KeyPress } from './keypress.tsx';

export interface TextInput {
  value: string;
  cursor: number;
  /** The value now, including keys not rendered yet. */
  current(): string;
  /** Replaces the text; the cursor goes to `cursor` (default: the end). */
  set(value: string, cursor?: number): void;
  clear(): void;
  /** Edits the buffer for a key; true when the key was text editing. */
  edit(press: KeyPress): boolean;
}

interface Buffer {
  value: string;
  cursor: number;
}

const at = (value: string, cursor: number): Buffer => ({
  value,
  cursor: Math.max(0, Math.min(value.length, cursor)),
});

/** The edit a key makes, or null when the key is not text editing. Pure, so rapid keys never see a stale buffer. */
export function editFor({ name, input, key }: KeyPress): ((b: Buffer) => Buffer) | null {
  // Ink reports the usual Backspace byte (0x7f) as "delete": both erase to the left.
  if (key.backspace || key.delete)
    return (b) =>
      b.cursor > 0 ? at(b.value.slice(0, b.cursor - 1) + b.value.slice(b.cursor), b.cursor - 1) : b;
  // The keys by their flags, not their names: the words "home", "end", "left" and "right" typed
  // in one chunk (a paste, keys that arrived together) are named as they read, and are text.
  if (key.leftArrow) return (b) => at(b.value, b.cursor - 1);
  if (key.rightArrow) return (b) => at(b.value, b.cursor + 1);
  if (key.home || name === 'ctrl+a') return (b) => at(b.value, 0);
  if (key.end || name === 'ctrl+e') return (b) => at(b.value, b.value.length);
  if (name === 'ctrl+u') return () => at('', 0);
  if (
    key.ctrl ||
    key.meta ||
    key.tab ||
    key.return ||
    key.escape ||
    key.upArrow ||
    key.downArrow ||
    key.pageUp ||
    key.pageDown ||
    !input
  )
    return null;
  // Pasted text arrives as one chunk: keep it on one line, and no control byte (a tab) becomes text.
  // eslint-disable-next-line no-control-regex
  const text = input.replace(/\r\n?|\n|\t/g, ' ').replace(/[\u0000-\u001F\u007F]/g, '');
  if (!text) return null;
  return (b) =>
    at(b.value.slice(0, b.cursor) + text + b.value.slice(b.cursor), b.cursor + text.length);
}

export function useTextInput(initial = ''): TextInput {
  // The ref is the truth: keys of one pasted chunk arrive before React re-renders.
  const ref = useRef<Buffer>(at(initial, initial.length));
  const [buffer, setBuffer] = useState<Buffer>(ref.current);
  const put = useCallback((b: Buffer) => {
    ref.current = b;
    setBuffer(b);
  }, []);
  const set = useCallback(
    (v: string, cursor?: number) => put(at(v, Math.min(v.length, Math.max(0, cursor ?? v.length)))),
    [put],
  );
  const clear = useCallback(() => put(at('', 0)), [put]);
  const edit = useCallback(
    (press: KeyPress) => {
      const change = editFor(press);
      if (!change) return false;
      put(change(ref.current));
      return true;
    },
    [put],
  );
  const current = useCallback(() => ref.current.value, []);
  return useMemo(
    () => ({ value: buffer.value, cursor: buffer.cursor, current, set, clear, edit }),
    [buffer, current, set, clear, edit],
  );
}
