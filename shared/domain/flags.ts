/** A bit-flag set: flag names mapped to their numeric bit values (a zero-valued `None` is allowed). */
export type FlagSet = Readonly<Record<string, number>>;

export function hasFlag(value: number | null | undefined, flag: number): boolean {
  // A zero flag (None) is only "set" when nothing else is.
  if (flag === 0) return (value ?? 0) === 0;
  return ((value ?? 0) & flag) === flag;
}

export function setFlag(value: number | null | undefined, flag: number): number {
  return (value ?? 0) | flag;
}

export function clearFlag(value: number | null | undefined, flag: number): number {
  return (value ?? 0) & ~flag;
}

/** Names of the flags set in `value`, in the set's declaration order; zero-valued names are never listed. */
export function toFlagNames(set: FlagSet, value: number | null | undefined): string[] {
  const bits = value ?? 0;
  return Object.entries(set)
    .filter(([, flag]) => flag !== 0 && (bits & flag) === flag)
    .map(([name]) => name);
}

/**
 * Parses flags as carried by the token: comma-separated names ("IsVIP, AttestedToTermsOfService"),
 * a list of names, or a numeric string. Case-insensitive; unknown names are ignored.
 */
export function parseFlagNames(set: FlagSet, text: string | readonly string[] | undefined | null): number {
  if (text === undefined || text === null) return 0;
  const tokens = typeof text === 'string' ? text.split(',') : text.flatMap((part) => part.split(','));
  const byLowerName = new Map(Object.entries(set).map(([name, flag]) => [name.toLowerCase(), flag]));
  let result = 0;
  for (const raw of tokens) {
    const token = raw.trim();
    if (token === '') continue;
    if (/^\d+$/.test(token)) {
      result |= Number(token);
      continue;
    }
    result |= byLowerName.get(token.toLowerCase()) ?? 0;
  }
  return result;
}

/** Comma-joined flag names ("IsVIP, AttestedToTermsOfService"); 'None' for zero when the set defines it. */
export function formatFlagNames(set: FlagSet, value: number | null | undefined): string {
  const names = toFlagNames(set, value);
  if (names.length > 0) return names.join(', ');
  const zeroName = Object.entries(set).find(([, flag]) => flag === 0)?.[0];
  return (value ?? 0) === 0 && zeroName !== undefined ? zeroName : '';
}
