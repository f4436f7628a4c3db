/**
 * The standard instruments, word for word, and their scoring. SUS: Brooke (1996), ten items on
 * a 1–5 scale, odd items positive; score = 2.5 × Σ (odd: x − 1, even: 5 − x), 0–100.
 * Raw NASA-TLX (Hart 2006, "RTLX"): six subscales rated 0–100 in steps of 5, unweighted mean.
 */
export const SUS_ITEMS: readonly string[] = [
  'I think that I would like to use this system frequently.',
  'I found the system unnecessarily complex.',
  'I thought the system was easy to use.',
  'I think that I would need the support of a technical person to be able to use this system.',
  'I found the various functions in this system were well integrated.',
  'I thought there was too much inconsistency in this system.',
  'I would imagine that most people would learn to use this system very quickly.',
  'I found the system very cumbersome to use.',
  'I felt very confident using the system.',
  'I needed to learn a lot of things before I could get going with this system.',
];
export const SUS_ANCHORS: readonly [string, string] = ['Strongly disagree', 'Strongly agree'];

export interface TlxSubscale {
  id: 'mental' | 'physical' | 'temporal' | 'performance' | 'effort' | 'frustration';
  title: string;
  text: string;
  anchors: readonly [string, string];
}

export const TLX_SUBSCALES: readonly TlxSubscale[] = [
  {
    id: 'mental',
    title: 'Mental Demand',
    text: 'How mentally demanding was the task?',
    anchors: ['Very Low', 'Very High'],
  },
  {
    id: 'physical',
    title: 'Physical Demand',
    text: 'How physically demanding was the task?',
    anchors: ['Very Low', 'Very High'],
  },
  {
    id: 'temporal',
    title: 'Temporal Demand',
    text: 'How hurried or rushed was the pace of the task?',
    anchors: ['Very Low', 'Very High'],
  },
  {
    id: 'performance',
    title: 'Performance',
    text: 'How successful were you in accomplishing what you were asked to do?',
    anchors: ['Perfect', 'Failure'],
  },
  {
    id: 'effort',
    title: 'Effort',
    text: 'How hard did you have to work to accomplish your level of performance?',
    anchors: ['Very Low', 'Very High'],
  },
  {
    id: 'frustration',
    title: 'Frustration',
    text: 'How insecure, discouraged, irritated, stressed, and annoyed were you?',
    anchors: ['Very Low', 'Very High'],
  },
];

/** SUS score 0–100 from ten answers 1–5 (item 1 first); null unless all ten are there and in range. */
export function susScore(answers: readonly (number | null | undefined)[]): number | null {
  if (
    answers.length !== 10 ||
    answers.some((a) => typeof a !== 'number' || !Number.isInteger(a) || a < 1 || a > 5)
  )
    return null;
  const sum = (answers as number[]).reduce((acc, x, i) => acc + (i % 2 === 0 ? x - 1 : 5 - x), 0);
  return sum * 2.5;
}

/** Raw TLX: the mean of the six subscales (each 0–100); null unless all six are there and in range. */
export function rawTlx(ratings: readonly (number | null | undefined)[]): number | null {
  if (ratings.length !== 6 || ratings.some((r) => typeof r !== 'number' || r < 0 || r > 100))
    return null;
  return (ratings as number[]).reduce((a, b) => a + b, 0) / 6;
}
