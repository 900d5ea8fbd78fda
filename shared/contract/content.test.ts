import { describe, expect, it } from 'vitest';
import { articleSlugOf, articleSlugSchema } from './content.ts';

describe('the slug a title suggests', () => {
  it.each([
    ["Glock Buyer's Guide", 'glock-buyers-guide'],
    ['How FFL Transfers Work When You Buy a Gun Online', 'how-ffl-transfers-work-when-you-buy-a-gun-online'],
    ['  9mm vs. .45 ACP — which?  ', '9mm-vs-45-acp-which'],
    ['Señor Café', 'senor-cafe'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(articleSlugOf(title)).toBe(slug);
  });

  it('is a valid article slug, at most 120 characters, even from a long title', () => {
    const slug = articleSlugOf(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(articleSlugSchema.safeParse(slug).success).toBe(true);
  });
});
