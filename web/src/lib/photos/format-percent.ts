let percents: Intl.NumberFormat | undefined;

/** A share (0 to 1) as the reader's locale writes a whole percentage: "42%", "42 %". */
export function formatPercent(share: number): string {
  percents ??= new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
  return percents.format(share);
}
