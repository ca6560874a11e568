/*
 * Counting and ordering words as the app shows them, without Intl: the first Intl.Collator or
 * Intl.NumberFormat a page builds loads ICU data, 7-12 ms each on a fast machine and four times
 * that on a phone, all inside the first render of All Plants. Tests hold these to Intl's results.
 */

/** 1,234,567: a whole number with US English thousands separators. */
export function formatCount(value: number): string {
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const foldedCache = new Map<string, string[]>();

/** Lower case, accents off, split into text and digit runs ('Fern 12b' -> ['fern ', '12', 'b']). */
function folded(text: string): string[] {
  let parts = foldedCache.get(text);
  if (!parts) {
    if (foldedCache.size > 5000) foldedCache.clear();
    parts = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/(\d+)/);
    foldedCache.set(text, parts);
  }
  return parts;
}

/**
 * Orders names the way people read them: letter case and accents ignored, numbers by value
 * ('Fern 2' before 'Fern 10'); 0 for names that differ only in case or accents.
 */
export function compareText(a: string, b: string): number {
  const x = folded(a);
  const y = folded(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const left = x[i]!;
    const right = y[i]!;
    if (left === right) continue;
    // Odd positions hold the digit runs.
    if (i % 2 === 1 && Number(left) !== Number(right)) return Number(left) < Number(right) ? -1 : 1;
    if (i % 2 === 0) return left < right ? -1 : 1;
  }
  return Math.sign(x.length - y.length);
}
