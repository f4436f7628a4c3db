/** How each kind of question is answered: its mode, the scopes of its keys, the key hints at the bottom, and a typed number's check. */
import type { Scope } from '../../keymap.ts';
import type { Item } from '../../../study/questionnaire.ts';

/** rating: a scale's points; list: options; number and text: typed into a box. */
export type ItemMode = 'rating' | 'list' | 'number' | 'text';

export function itemMode(item: Item): ItemMode {
  if (item.options) return 'list';
  if (item.numeric) return 'number';
  return item.scale ? 'rating' : 'text';
}

const MODE_SCOPE: Record<ItemMode, Scope> = {
  rating: 'rating',
  list: 'options',
  number: 'answer',
  text: 'answer',
};

/** The scopes of an item's keys: its mode's, then going back. */
export function questionScopes(item: Item): Scope[] {
  return [MODE_SCOPE[itemMode(item)], 'questionnaire'];
}

/** The digits that choose a point of the item's scale (a 1–5 scale: 1 to 5; none past 9), or an option. */
export function scaleDigits(item: Item): string[] {
  if (item.options) return item.kind === 'ranking' ? [] : item.options.map((o) => String(o.code));
  const s = item.scale;
  if (!s || s.step !== 1) return [];
  return Array.from({ length: s.max - s.min + 1 }, (_, i) => s.min + i)
    .filter((v) => v <= 9)
    .map(String);
}

/** `1-5`, or the digits themselves when they are not a run. */
function digitsHint(digits: string[]): string {
  if (digits.length < 3) return digits.join('/');
  const run = digits.every((d, i) => !i || Number(d) === Number(digits[i - 1]) + 1);
  return run ? `${digits[0]}-${digits.at(-1)}` : digits.join('/');
}

/** The key hints under the item: [key, what it does]. */
export function answerKeys(item: Item, canGoBack: boolean): [string, string][] {
  const back: [string, string][] = canGoBack ? [['esc', 'back']] : [];
  const digits = scaleDigits(item);
  switch (itemMode(item)) {
    case 'text':
      return [['enter', item.optional ? 'send (empty skips)' : 'send'], ...back];
    case 'number':
      return [['enter', item.optional ? 'send (empty skips)' : 'send'], ...back];
    case 'list':
      if (item.kind === 'ranking')
        return [
          ['↑/↓', 'highlight'],
          ['space', 'pick up / put down'],
          ['enter', 'confirm'],
          ...back,
        ];
      return [
        ['↑/↓', item.multiple ? 'highlight' : 'choose'],
        ...(item.multiple ? ([['space', 'tick']] as [string, string][]) : []),
        [digitsHint(digits), item.multiple ? 'tick' : 'choose'],
        ['enter', 'confirm'],
        ...back,
      ];
    case 'rating':
      return [
        ['←/→', item.scale!.step === 1 ? 'choose' : 'move your mark'],
        ...(digits.length ? ([[digitsHint(digits), 'choose']] as [string, string][]) : []),
        ['enter', 'confirm'],
        ...back,
      ];
  }
}

/** A typed number checked against the item's bounds: the number, or what to tell the participant. */
export function numberFrom(
  typed: string,
  n: { min: number; max: number; integer: boolean },
): number | string {
  const t = typed.replace(',', '.');
  const value = /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
  const range = `from ${n.min} to ${n.max}`;
  if (Number.isNaN(value)) return `please write a number ${range} (digits only)`;
  if (n.integer && !Number.isInteger(value)) return `please write a whole number ${range}`;
  if (value < n.min || value > n.max) return `please write a number ${range}`;
  return value;
}
