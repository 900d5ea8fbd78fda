import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AuctionBidState,
  bidIncrementCents,
  buyNowAvailable,
  maskBidderName,
  minimumBidCents,
  minimumBuyNowCents,
  placeBid,
  reserveMet,
  SOFT_CLOSE_MAX_EXTENSIONS,
  softClose,
} from './auctions.ts';

const fresh = (startingBidCents: number, reserveCents: number | null = null): AuctionBidState => ({
  startingBidCents,
  reserveCents,
  priceCents: startingBidCents,
  bidCount: 0,
  leader: null,
});

/** Applies bids in turn, failing the test on a refused one. */
function bids(state: AuctionBidState, ...steps: [string, number][]): AuctionBidState {
  let current = state;
  for (const [bidder, max] of steps) {
    const result = placeBid(current, bidder, max);
    if (!result.accepted) throw new Error(`${bidder} ${max} refused: ${result.reason}`);
    current = result.state;
  }
  return current;
}

describe('bid increments', () => {
  it.each([
    [0, 25],
    [9_99, 25],
    [10_00, 1_00],
    [49_99, 1_00],
    [50_00, 2_00],
    [99_99, 2_00],
    [100_00, 5_00],
    [999_99, 5_00],
    [1_000_00, 25_00],
    [25_000_00, 25_00],
  ])('at a price of %i cents the increment is %i cents', (price, increment) => {
    expect(bidIncrementCents(price)).toBe(increment);
  });
});

describe('proxy bidding', () => {
  it('opens at the starting bid whatever the first maximum', () => {
    const state = bids(fresh(100_00), ['ann', 500_00]);
    expect(state.priceCents).toBe(100_00);
    expect(state.leader).toEqual({ bidderId: 'ann', maxCents: 500_00 });
    expect(minimumBidCents(state)).toBe(105_00);
  });

  it('refuses a first bid under the starting bid and a later one under price plus increment', () => {
    expect(placeBid(fresh(100_00), 'ann', 99_99)).toEqual({
      accepted: false,
      reason: 'too_low',
      minimumCents: 100_00,
    });
    const state = bids(fresh(100_00), ['ann', 300_00], ['bob', 150_00]);
    expect(state.priceCents).toBe(155_00);
    expect(placeBid(state, 'cat', 159_99)).toEqual({
      accepted: false,
      reason: 'too_low',
      minimumCents: 160_00,
    });
  });

  it('a higher maximum leads at one increment over the beaten maximum, and the beaten proxy shows its maximum', () => {
    const opened = bids(fresh(100_00), ['ann', 200_00]);
    const result = placeBid(opened, 'bob', 400_00);
    expect(result).toMatchObject({
      accepted: true,
      leading: true,
      outbidBidderId: 'ann',
      rows: [
        { bidderId: 'ann', amountCents: 200_00, automatic: true },
        { bidderId: 'bob', amountCents: 205_00, automatic: false },
      ],
    });
    if (result.accepted) expect(result.state).toMatchObject({ priceCents: 205_00, bidCount: 3 });
  });

  it('a higher maximum within one increment of the leader pays its own maximum', () => {
    const state = bids(fresh(100_00), ['ann', 200_00], ['bob', 203_00]);
    expect(state.priceCents).toBe(203_00);
    expect(state.leader?.bidderId).toBe('bob');
  });

  it('a lower maximum leaves the lead and the leader answers one increment over it', () => {
    const opened = bids(fresh(100_00), ['ann', 200_00]);
    const result = placeBid(opened, 'bob', 150_00);
    expect(result).toMatchObject({
      accepted: true,
      leading: false,
      outbidBidderId: null,
      rows: [
        { bidderId: 'bob', amountCents: 150_00, automatic: false },
        { bidderId: 'ann', amountCents: 155_00, automatic: true },
      ],
    });
  });

  it('a tie goes to the earlier maximum, at that maximum', () => {
    const state = bids(fresh(100_00), ['ann', 200_00], ['bob', 200_00]);
    expect(state.leader?.bidderId).toBe('ann');
    expect(state.priceCents).toBe(200_00);
  });

  it('the leader raises their maximum without raising the price', () => {
    const opened = bids(fresh(100_00), ['ann', 200_00], ['bob', 150_00]);
    const result = placeBid(opened, 'ann', 400_00);
    expect(result).toMatchObject({ accepted: true, leading: true, rows: [] });
    if (result.accepted)
      expect(result.state).toMatchObject({ priceCents: 155_00, leader: { maxCents: 400_00 } });
    expect(placeBid(opened, 'ann', 200_00)).toEqual({
      accepted: false,
      reason: 'not_above_own_max',
      currentMaxCents: 200_00,
    });
  });

  it('jumps to the reserve as soon as a maximum reaches it', () => {
    const reserve = fresh(100_00, 500_00);
    const under = bids(reserve, ['ann', 450_00]);
    expect(under.priceCents).toBe(100_00);
    expect(reserveMet(under)).toBe(false);
    const met = bids(under, ['ann', 600_00]);
    expect(met.priceCents).toBe(500_00);
    expect(reserveMet(met)).toBe(true);
    // A first bid at the reserve opens at it.
    expect(bids(reserve, ['bob', 500_00]).priceCents).toBe(500_00);
    // A challenger above the reserve pays at least the reserve.
    expect(bids(under, ['cat', 700_00])).toMatchObject({ priceCents: 500_00, leader: { bidderId: 'cat' } });
  });

  it('offers buy now until the first bid, or while the reserve is not met', () => {
    expect(buyNowAvailable(fresh(100_00), 300_00)).toBe(true);
    expect(buyNowAvailable(fresh(100_00), null)).toBe(false);
    expect(buyNowAvailable(bids(fresh(100_00), ['ann', 120_00]), 300_00)).toBe(false);
    const reserved = fresh(100_00, 250_00);
    expect(buyNowAvailable(bids(reserved, ['ann', 120_00]), 300_00)).toBe(true);
    expect(buyNowAvailable(bids(reserved, ['ann', 250_00]), 300_00)).toBe(false);
  });

  it('sets the least buy-now price at 10% over the starting bid, rounded up to the cent', () => {
    expect(minimumBuyNowCents(100_00)).toBe(110_00);
    expect(minimumBuyNowCents(1_01)).toBe(1_12);
    expect(minimumBuyNowCents(25)).toBe(28);
  });
});

describe('soft close', () => {
  const end = new Date('2026-12-01T18:00:00Z');
  it('moves the end to two minutes after a bid in the last two minutes', () => {
    const bidAt = new Date('2026-12-01T17:59:30Z');
    expect(softClose(end, bidAt, 0)).toEqual({
      endsAt: new Date('2026-12-01T18:01:30Z'),
      extensions: 1,
      extended: true,
    });
  });
  it('leaves the end alone for an earlier bid, and stops moving it after the cap', () => {
    expect(softClose(end, new Date('2026-12-01T17:57:00Z'), 0).extended).toBe(false);
    expect(softClose(end, new Date('2026-12-01T17:59:59Z'), SOFT_CLOSE_MAX_EXTENSIONS).extended).toBe(false);
  });
  it('takes the site’s own window', () => {
    expect(softClose(end, new Date('2026-12-01T17:56:00Z'), 3, 5 * 60_000)).toMatchObject({
      endsAt: new Date('2026-12-01T18:01:00Z'),
      extensions: 4,
    });
  });
});

describe('masked bidder names', () => {
  it.each([
    ['bobster', 'b***r'],
    ['a', 'a***'],
    ['', '***'],
    ['Zoë', 'Z***ë'],
  ])('%s shows as %s', (name, masked) => expect(maskBidderName(name)).toBe(masked));
});

/**
 * A reference written another way: it keeps every bidder's maximum and, after each bid by anyone but
 * the leader, ranks all maximums (highest first, earlier first on a tie) and prices the leader one
 * increment over the runner-up, capped at the leader's maximum.
 */
function referenceReplay(startingBidCents: number, reserveCents: number | null, steps: [string, number][]) {
  const maxes = new Map<string, { max: number; at: number }>();
  let leader: string | null = null;
  let price = startingBidCents;
  let accepted = 0;
  steps.forEach(([bidder, max], at) => {
    if (bidder === leader) {
      if (max <= maxes.get(bidder)!.max) return;
      maxes.set(bidder, { max, at });
    } else {
      const minimum = leader === null ? startingBidCents : price + bidIncrementCents(price);
      if (max < minimum) return;
      maxes.set(bidder, { max, at });
      const ranked = [...maxes.entries()].sort((a, b) => b[1].max - a[1].max || a[1].at - b[1].at);
      const [top, second] = ranked;
      leader = top![0];
      price = second
        ? Math.min(top![1].max, second[1].max + bidIncrementCents(second[1].max))
        : startingBidCents;
    }
    accepted += 1;
    const leaderMax = maxes.get(leader!)!.max;
    if (reserveCents !== null && leaderMax >= reserveCents) price = Math.max(price, reserveCents);
  });
  return { leader, price, accepted, leaderMax: leader === null ? null : maxes.get(leader)!.max };
}

describe('the proxy engine against a reference replay', () => {
  const bidder = fc.constantFrom('ann', 'bob', 'cat', 'dan');
  const cents = fc.integer({ min: 1, max: 3_000_00 });
  it('gives the same leader, price and accepted bids for any sequence, keeping its invariants', () => {
    fc.assert(
      fc.property(
        cents,
        fc.option(cents, { nil: null }),
        fc.array(fc.tuple(bidder, cents), { maxLength: 40 }),
        (start, reserve, steps) => {
          let state = fresh(start, reserve);
          let accepted = 0;
          let history = 0;
          for (const [who, max] of steps) {
            const before = state;
            const result = placeBid(state, who, max);
            if (!result.accepted) continue;
            accepted += 1;
            state = result.state;
            history += result.rows.length;
            expect(state.priceCents).toBeGreaterThanOrEqual(before.priceCents);
            expect(state.priceCents).toBeLessThanOrEqual(state.leader!.maxCents);
            expect(state.priceCents).toBeGreaterThanOrEqual(start);
            // The history's newest row shows the current price whenever it moved.
            if (result.rows.length > 0) expect(result.rows.at(-1)!.amountCents).toBe(state.priceCents);
          }
          const reference = referenceReplay(start, reserve, steps);
          expect(state.leader?.bidderId ?? null).toBe(reference.leader);
          expect(state.leader?.maxCents ?? null).toBe(reference.leaderMax);
          expect(state.priceCents).toBe(reference.price);
          expect(accepted).toBe(reference.accepted);
          expect(state.bidCount).toBe(history);
        },
      ),
      { seed: 33, numRuns: 2000 },
    );
  });
});
