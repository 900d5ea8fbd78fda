/** The wide Unicode encodings a spreadsheet may save text in, which CSV readers here do not take. */
export type WideTextEncoding = 'UTF-16' | 'UTF-32';

/** Bytes looked at to tell UTF-16 without a byte-order mark from other data. */
const SAMPLE_BYTES = 512;

function startsWith(data: Uint8Array, bytes: readonly number[]): boolean {
  return data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);
}

/**
 * Whether the bytes are UTF-16 or UTF-32 text: by their byte-order mark, or, without one, by the
 * zero byte every Latin character has at the same place in each pair. Checked before any sniffing
 * of file types, which can take the UTF-16 mark FF FE for the start of an MPEG audio frame.
 */
export function wideTextEncodingOf(data: Uint8Array): WideTextEncoding | null {
  if (startsWith(data, [0xff, 0xfe, 0, 0]) || startsWith(data, [0, 0, 0xfe, 0xff])) return 'UTF-32';
  if (startsWith(data, [0xff, 0xfe]) || startsWith(data, [0xfe, 0xff])) return 'UTF-16';
  const sample = data.subarray(0, SAMPLE_BYTES - (Math.min(data.length, SAMPLE_BYTES) % 2));
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 1) {
    if (sample[index] !== 0) continue;
    if (index % 2 === 0) evenZeros += 1;
    else oddZeros += 1;
  }
  const pairs = sample.length / 2;
  const mostly = (zeros: number) => zeros >= pairs * 0.9;
  const hardly = (zeros: number) => zeros <= pairs * 0.1;
  return (mostly(oddZeros) && hardly(evenZeros)) || (mostly(evenZeros) && hardly(oddZeros)) ? 'UTF-16' : null;
}
