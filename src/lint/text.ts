/**
 * Crude text features for the authoring checks: content-word stems and numbers. The
 * checks compare what an intent says with a trigger or a checklist item, so words every
 * sentence shares (articles, pronouns, task verbs) must not count as overlap.
 */
const STOPWORDS = new Set(
  `a about above after again all also an and any are as at be because been before being below between both but by can
  could did do does doing done down during each either else etc every few for from further get gets give given had has
  have having he her here hers him his how i if in into is it its itself just let like make makes me more most much
  must my need needs no nor not now of off on once one only or other our ours out over own per please same shall she
  should so some such than that the their theirs them then there these they this those through to too two under until
  up use used using very via was we were what when where which while who whom why will with within would you your
  yours yourself also each add adds added include includes included provide provides state states list lists keep
  keeps want wants user users agent`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lowercase stem: enough to match "papers" with "paper" and "checks" with "checked". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** Content-word stems in order (letters only, three or more characters, no stopwords). */
export function contentStems(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}][\p{L}']*/gu) ?? [];
  return words
    .map((w) => w.replace(/'s?$/, ''))
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w))
    .map(stem);
}

/**
 * Numbers worth noticing: two or more digits, times and ranges kept whole ("11:30",
 * "20-30", "150,000" → "150000"). Single digits are too common to mean anything.
 */
export function numbers(text: string): string[] {
  const found = text.match(/\d+(?:[.,:]\d+)*(?:\s?[-–]\s?\d+(?:[.,:]\d+)*)?/g) ?? [];
  return found
    .map((n) =>
      n
        .replace(/,(?=\d{3}\b)/g, '')
        .replace(/\s/g, '')
        .replace('–', '-'),
    )
    .filter((n) => n.replace(/\D/g, '').length >= 2);
}

/** The first run of `n` consecutive stems of `needle` that also occurs consecutively in `hay`. */
export function sharedRun(
  needle: readonly string[],
  hay: readonly string[],
  n: number,
): string[] | undefined {
  if (needle.length < n || hay.length < n) return undefined;
  const grams = new Set<string>();
  for (let i = 0; i + n <= hay.length; i++) grams.add(hay.slice(i, i + n).join(' '));
  for (let i = 0; i + n <= needle.length; i++) {
    const run = needle.slice(i, i + n);
    if (grams.has(run.join(' '))) return run;
  }
  return undefined;
}
