/** Dollars as typed ("$1,250.50", "400") → a number, or NaN. */
export function parseDollars(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
