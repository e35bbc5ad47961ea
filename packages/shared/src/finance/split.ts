/**
 * Splits `total` kobo into parts proportional to `weights` (any non-negative whole numbers, such as
 * basis points of a percentage) by the largest-remainder method: each part is its exact share
 * rounded down, and the kobo left over go one each to the parts with the largest remainders (the
 * earlier part first on a tie). The parts always add up to `total`: nothing is lost or made.
 */
export function splitKobo(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Not an amount of kobo: ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('Split weights must be whole numbers, at least one above zero');
  // BigInt keeps total × weight exact for any amount a record may hold.
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => {
    const exact = big * BigInt(w);
    return { floor: exact / bigSum, remainder: exact % bigSum };
  });
  let left = big - parts.reduce((a, p) => a + p.floor, 0n);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = parts.map((p) => p.floor);
  for (const { index } of order) {
    if (left === 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}

/** A percentage with up to two decimals (12.5) as basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
