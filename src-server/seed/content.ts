import { sql } from 'drizzle-orm';
import { PRODUCT_FOCUS_ZONES } from '../../shared/domain/ads.ts';
import { type CategoryFamily, CategoryFamilyId } from '../../shared/domain/category.ts';
import { toSearchQueryString } from '../../shared/search/search-url.ts';
import type { DbExecutor } from '../db/client.ts';
import { adCreatives, articles, shortLinks } from '../db/schema.ts';
import { readingMinutes } from '../modules/content/index.ts';
import { sanitizeDescription } from '../modules/listings/index.ts';
import { familyImagePath } from '../modules/stock-images/index.ts';
import { FAMILY_CATALOG, MANUFACTURER_BRANDS } from './catalog-products.ts';
import type { Random } from './random.ts';
import { anyRow, type SeedPart, startOfUtcDay } from './seed-part.ts';

/*
 * The digest's demo articles (our own text), the demo ad creatives of every zone, and a demo short
 * link. Everything is derived from fixed tables and the seed's random sequence: same seed, same rows.
 */

const AUTHORS = ['Dana Whitfield', 'Marcus Hale', 'Priya Raman', 'Tom Okafor', 'Erin Castillo'] as const;

interface SeedArticle {
  slug: string;
  title: string;
  description: string;
  body: string;
  family: CategoryFamily;
  tags: string[];
}

const p = (text: string) => `<p>${text}</p>`;

/** Guides written for the demo: buying, law, shipping and care. */
const GUIDES: readonly SeedArticle[] = [
  {
    slug: 'how-ffl-transfers-work',
    title: 'How FFL Transfers Work When You Buy a Gun Online',
    description: 'What happens between checkout and picking up your firearm at a licensed dealer.',
    family: 'SemiAutoPistols',
    tags: ['ffl', 'buying'],
    body: [
      p(
        'Buying a firearm online does not mean it arrives at your front door. The seller ships it to a holder of a Federal Firearms License (FFL) that you choose, usually a gun shop near you.',
      ),
      p(
        'When the package arrives, the dealer logs it in and calls you. You bring a government ID, fill in ATF Form 4473, and the dealer runs the background check. Once it clears, and after any waiting period your state sets, the firearm is yours.',
      ),
      '<h3>Before you check out</h3>',
      '<ul><li>Call the dealer and ask whether they accept transfers and what they charge.</li><li>Ask the dealer to send a copy of their license to the seller, or pick a dealer who keeps one on file with us.</li><li>Check your state and city rules for the model you are buying.</li></ul>',
      p(
        'Transfer fees commonly run from twenty to seventy-five dollars. Compare a few dealers with the FFL finder before you buy.',
      ),
    ].join(''),
  },
  {
    slug: 'shipping-ammunition-what-to-know',
    title: 'Shipping Ammunition: What Buyers and Sellers Should Know',
    description: 'Carriers, labels and state rules for sending and receiving ammunition.',
    family: 'Ammunition',
    tags: ['ammunition', 'shipping'],
    body: [
      p(
        'Ammunition may ship to the buyer directly in most of the country, but it travels by ground only and must be packed and labelled as the carrier requires.',
      ),
      p(
        'Sellers should use a sturdy box, keep cartridges in their original packaging and mark the parcel as the carrier asks for small-arms ammunition. Air shipping is not allowed.',
      ),
      p(
        'A handful of states and cities require ammunition to go through a licensed vendor or ask the buyer for a permit. Sellers can exclude states on a listing; buyers should check their local rules before ordering.',
      ),
    ].join(''),
  },
  {
    slug: 'first-handgun-buyers-guide',
    title: "Your First Handgun: A Buyer's Guide",
    description: 'Size, caliber, capacity and fit: how to narrow down a first pistol or revolver.',
    family: 'SemiAutoPistols',
    tags: ['handguns', 'buying', 'glock', 'sig sauer', 'smith & wesson'],
    body: [
      p(
        'Start with what the handgun is for. A full-size pistol is easier to shoot well at the range; a compact or micro-compact is easier to carry all day. Many first-time buyers choose a compact 9mm as a middle ground.',
      ),
      '<h3>Things to try in the hand</h3>',
      '<ul><li>Can you reach the trigger without shifting your grip?</li><li>Can you work the slide and release the magazine comfortably?</li><li>Do the sights line up naturally when you raise it?</li></ul>',
      p(
        'Rent or borrow before you buy if you can. Then compare listings: a used pistol from a reputable maker is often the best value for a first purchase.',
      ),
    ].join(''),
  },
  {
    slug: 'choosing-a-rifle-scope',
    title: 'Choosing a Rifle Scope Without Overspending',
    description: 'Magnification, reticles and mounts explained for hunters and target shooters.',
    family: 'Optics',
    tags: ['optics', 'vortex', 'rifles'],
    body: [
      p(
        'More magnification is not always better. For most deer hunting inside three hundred yards, a 3-9x or 2-10x scope covers everything, and it keeps a wide field of view for close shots.',
      ),
      p(
        'A second-focal-plane reticle keeps the same size at every power and is simple to use. First-focal-plane reticles scale with the target, which helps when holding over at long range.',
      ),
      p('Spend on good rings or a one-piece mount: a great scope on a loose mount will not hold zero.'),
    ].join(''),
  },
  {
    slug: 'cleaning-and-storing-firearms',
    title: 'Cleaning and Storing Your Firearms',
    description: 'A simple routine that keeps guns reliable and out of the wrong hands.',
    family: 'Accessories',
    tags: ['accessories', 'care'],
    body: [
      p(
        'Clean after each range trip: a bore brush and patches for the barrel, a nylon brush for the action, and a light coat of oil on wear points. Wipe off the excess; oil attracts grit.',
      ),
      p(
        'Store firearms unloaded in a locked safe or case, with ammunition kept apart where children live in or visit the home. A dehumidifier rod or desiccant pack keeps rust away in damp climates.',
      ),
    ].join(''),
  },
  {
    slug: 'selling-a-used-gun-online',
    title: 'Selling a Used Gun Online: Pricing, Photos and Shipping',
    description: 'How private sellers get a fair price and a smooth sale.',
    family: 'Revolvers',
    tags: ['selling', 'used guns'],
    body: [
      p(
        'Check recent sales of the same model to price it. Condition matters: note holster wear, bore condition, and whether you have the box, manuals and spare magazines.',
      ),
      p(
        'Take photos in daylight against a plain background: both sides, the muzzle, the serial area with the number hidden, and any wear a buyer should see.',
      ),
      p(
        "Firearms ship to the buyer's dealer, never to the buyer. Ask for the dealer's license before you ship, and add tracking to the order as soon as it is on its way.",
      ),
    ].join(''),
  },
  {
    slug: 'shotgun-gauges-explained',
    title: 'Shotgun Gauges and Chokes Explained',
    description: '12, 20 and 410: what the numbers mean and which choke to use for what.',
    family: 'PumpActionShotguns',
    tags: ['shotguns', 'mossberg', 'remington', 'benelli'],
    body: [
      p(
        'Gauge is an old measure of bore size: the smaller the number, the bigger the bore. A 12 gauge is the most versatile; a 20 gauge kicks less and suits smaller shooters and upland birds.',
      ),
      p(
        'Chokes narrow the muzzle to tighten the pattern. Improved cylinder works for close birds and slugs; modified is a good all-rounder; full reaches further for turkeys and waterfowl.',
      ),
    ].join(''),
  },
  {
    slug: 'understanding-nfa-items',
    title: 'Understanding NFA Items and Suppressors',
    description: 'Tax stamps, Form 4 and where suppressors are legal to own.',
    family: 'Suppressor',
    tags: ['nfa', 'suppressors'],
    body: [
      p(
        'Suppressors, short-barreled rifles and a few other items fall under the National Firearms Act. Buying one means a federal tax stamp, fingerprints, and an approved Form 4 before the dealer can hand it over.',
      ),
      p(
        'Suppressors are legal to own in most states, but not all. Check your state before you buy; a seller may exclude states where an item cannot go.',
      ),
    ].join(''),
  },
];

/** The products of the catalogue, by maker, for the brand guides. */
function productsOf(maker: string) {
  const found: { family: CategoryFamily; model: string; caliber: string | null; price: number }[] = [];
  for (const family of Object.keys(FAMILY_CATALOG) as CategoryFamily[]) {
    for (const [m, model, caliber, price] of FAMILY_CATALOG[family].products) {
      if (m === maker) found.push({ family, model, caliber, price });
    }
  }
  return found;
}

/** A buyer's guide and a used-market note for each maker of the demo catalogue. */
function brandArticles(): SeedArticle[] {
  return MANUFACTURER_BRANDS.flatMap((brand) => {
    const products = productsOf(brand.name);
    if (products.length === 0) return [];
    const family = products[0]!.family;
    const items = products
      .slice(0, 6)
      .map(
        (product) =>
          `<li><strong>${brand.name} ${product.model}</strong>${product.caliber ? ` in ${product.caliber}` : ''}: typically around $${product.price} new.</li>`,
      )
      .join('');
    const tag = brand.name.toLowerCase();
    const cheapest = [...products].sort((a, b) => a.price - b.price)[0]!;
    return [
      {
        slug: `${brand.slug}-buyers-guide`,
        title: `${brand.name} Buyer's Guide: Models, Prices and What to Look For`,
        description: `The ${brand.name} models most often listed on Ironsight, what they cost new, and how to judge a used one.`,
        family,
        tags: [tag],
        body: [
          p(
            `${brand.name} is one of the names shoppers search for most. Here are the models that turn up most often in our listings and what they usually sell for new.`,
          ),
          `<ul>${items}</ul>`,
          '<h3>Buying used</h3>',
          p(
            `A used ${brand.name} can save a good share of the new price. Ask the seller for round count if known, look closely at photos of the muzzle and wear points, and check that magazines or accessories in the photos are included.`,
          ),
          p(
            'Firearms ship to a licensed dealer of your choice for transfer; accessories and optics can ship straight to you.',
          ),
        ].join(''),
      },
      {
        slug: `${brand.slug}-${cheapest.model
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}-review`,
        title: `Review: ${brand.name} ${cheapest.model}`,
        description: `Our take on the ${brand.name} ${cheapest.model}: who it suits, what it does well, and what to check before buying.`,
        family: cheapest.family,
        tags: [tag, 'reviews'],
        body: [
          p(
            `The ${brand.name} ${cheapest.model} is the most affordable way into the ${brand.name} line in our catalogue, usually listed around $${cheapest.price} new.`,
          ),
          p(
            'Fit and finish are consistent with the rest of the range, and the controls are where you expect them. It makes a sensible first purchase and a dependable spare.',
          ),
          p(
            "Before you buy, compare shipping terms and the seller's completed sales, and check that your state allows the configuration you are ordering.",
          ),
        ].join(''),
      },
    ];
  });
}

export function seedArticles(): SeedArticle[] {
  return [...GUIDES, ...brandArticles()];
}

function articleRows(random: Random, now: Date) {
  return seedArticles().map((article, index) => {
    const bodyHtml = sanitizeDescription(article.body);
    // Newest first in table order: one every two days, the guides first.
    const publishedAt = new Date(now.getTime() - (index * 2 + 1) * 24 * 60 * 60 * 1000);
    return {
      id: random.uuid(),
      slug: article.slug,
      title: article.title,
      description: article.description,
      bodyHtml,
      authorName: AUTHORS[index % AUTHORS.length]!,
      authorAvatar: null,
      featuredImage: familyImagePath(article.family, index % 4),
      readingTime: readingMinutes(bodyHtml),
      brandTags: article.tags,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
}

/** One creative for every zone of every ad page, each linking to a search or brand of the catalogue. */
function adRows(random: Random, now: Date) {
  const deals: { family: CategoryFamily; name: string; link: string }[] = [
    { family: 'SemiAutoPistols', name: 'Glock pistols', link: '/brand/glock' },
    { family: 'SemiAutoRifles', name: 'AR-15 rifles', link: '/brand/ar15' },
    {
      family: 'Optics',
      name: 'Optics deals',
      link: `/search?${toSearchQueryString({ familyIDs: [CategoryFamilyId.Optics] })}`,
    },
    {
      family: 'Ammunition',
      name: 'Ammunition in stock',
      link: `/search?${toSearchQueryString({ familyIDs: [CategoryFamilyId.Ammunition] })}`,
    },
  ];
  const rows: (typeof adCreatives.$inferInsert)[] = [];
  const add = (page: string, zone: string, deal: (typeof deals)[number], variant: number) =>
    rows.push({
      id: random.uuid(),
      page,
      zone,
      name: `${deal.name} (${page} ${zone})`,
      imageUrl: familyImagePath(deal.family, variant),
      linkUrl: deal.link,
      altText: `${deal.name} on Ironsight`,
      priority: 0,
      isActive: 1,
      startsAt: new Date(now.getTime() - 24 * 60 * 60 * 1000),
      endsAt: null,
      createdAt: now,
      updatedAt: now,
    });
  add('home', 'rev_home_hero_1', deals[0]!, 1);
  add('home', 'rev_home_hero_1_mob', deals[0]!, 1);
  for (const page of ['home', 'glock', 'brand']) {
    PRODUCT_FOCUS_ZONES.forEach(({ zone, mobile }, index) => {
      const deal = deals[(index + 1) % deals.length]!;
      add(page, zone, deal, index);
      add(page, mobile, deal, index);
    });
  }
  return rows;
}

/** The demo short link, printed in the README: `/l/glock` leads to the Glock brand page. */
export const DEMO_SHORT_LINK = { shortCode: 'glock', fullLink: '/brand/glock' } as const;

async function run(db: DbExecutor, random: Random, now: Date): Promise<void> {
  await db.insert(articles).values(articleRows(random, now));
  await db.insert(adCreatives).values(adRows(random, now));
  await db.insert(shortLinks).values({ id: random.uuid(), ...DEMO_SHORT_LINK, createdAt: now });
}

export function createContentSeedPart(settings: { now?: () => Date } = {}): SeedPart {
  return {
    name: 'content',
    run: (db, random) => run(db, random, (settings.now ?? startOfUtcDay)()),
    seeded: (db) =>
      anyRow(db, sql`select 1 from short_links where short_code = ${DEMO_SHORT_LINK.shortCode}`),
  };
}

/** Digest articles, ad creatives and a short link. */
export const contentSeedPart: SeedPart = createContentSeedPart();
