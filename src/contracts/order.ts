/**
 * The order of lists, the same on every machine. `localeCompare` without a locale follows the
 * user's (in Danish "aa" sorts after "z", in Estonian "z" before "t"), so two researchers saw
 * scenarios, reports and exports in different orders; Intl collation also depends on the ICU
 * build and ignores control characters. These two depend on neither.
 */

/**
 * Code-unit order. For what a program reads or a seed depends on: ids and timestamps, keys,
 * the order of a simulated app's answers, a prompt's files.
 */
export function compareText(a: string, b: string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

// Splitting on a captured digit run leaves the digit runs at the odd indexes.
const DIGIT_RUN = /(\d+)/;

/**
 * Natural order, for lists people read: digit runs compare as numbers ("s2" before "s10") and
 * letters regardless of case ("aarhus" before "Bob"). Ties fall back to code-unit order, so no
 * two different strings compare equal.
 */
export function compareNatural(a: string, b: string): number {
  const x = a.split(DIGIT_RUN);
  const y = b.split(DIGIT_RUN);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const byPiece =
      i % 2 === 1
        ? compareDigits(x[i]!, y[i]!)
        : compareText(x[i]!.toLowerCase(), y[i]!.toLowerCase());
    if (byPiece) return byPiece;
  }
  return x.length - y.length || compareText(a, b);
}

/** Two runs of digits by value, however long ("007" and "7" tie here, and code units decide). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length - y.length || compareText(x, y);
}
