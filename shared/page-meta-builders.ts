import type { Brand } from './contract/brands.ts';
import type { ListingDetail } from './contract/listing-shapes.ts';
import { familyDisplayName } from './domain/category.ts';
import { COUNTRY, CURRENCY } from './domain/constants.ts';
import { htmlToText } from './domain/html-text.ts';
import { CONDITION_LABELS, type Condition, isListingOnSale } from './domain/listing.ts';
import { cardThumbnail } from './domain/listing-card.ts';
import {
  cleanStructuredDescription,
  cleanStructuredTitle,
  HOME_PAGE_TITLE,
  MIN_TRANSIT_DAYS,
  metadataKeywords,
  PRODUCT_NAME,
  pageTitle,
  priceValidUntil,
  productRobots,
  stockAvailability,
} from './domain/metadata.ts';
import type { PageMeta } from './page-meta.ts';
import { CITY_SLUGS, isCitySlug } from './routes/paths.ts';
import { parseSearchParams, toSearchQueryString } from './search/search-url.ts';

/*
 * Metadata of the catalogue's public pages, one definition for both sides: the server writes it
 * into the first load's HTML, the renderer keeps document.head current on client navigation.
 */

export const absolute = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path}`;

const ITEM_CONDITION: Readonly<Record<Condition, string>> = {
  NewInBox: 'https://schema.org/NewCondition',
  NeverFired: 'https://schema.org/NewCondition',
  Used: 'https://schema.org/UsedCondition',
};

/**
 * The Offer's shipping: the shipping cost as the rate, and
 * a transit time of at least MIN_TRANSIT_DAYS, up to the listing's delivery days when longer.
 * Handling is the seller's and not known, so no handlingTime is claimed.
 */
export function offerShippingDetails(listing: Pick<ListingDetail, 'shippingCost' | 'deliveryDays'>) {
  const days = Number.isFinite(listing.deliveryDays) ? Math.ceil(listing.deliveryDays) : 0;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: listing.shippingCost.toFixed(2), currency: CURRENCY },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: COUNTRY },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: MIN_TRANSIT_DAYS,
        maxValue: Math.max(MIN_TRANSIT_DAYS, days),
        unitCode: 'DAY',
      },
    },
  };
}

/** A listing page: product title, keywords, Open Graph and JSON-LD Product (keywords and structured data cleaned). */
export function listingPageMeta(listing: ListingDetail, origin: string, now: Date): PageMeta {
  const canonical = absolute(origin, listing.listingUrl);
  const imagePath = listing.images[0]?.src ?? cardThumbnail(listing);
  const image = imagePath ? absolute(origin, imagePath) : undefined;
  // The description is sanitized HTML; the page's description and structured data take its words.
  const description = cleanStructuredDescription(htmlToText(listing.description));
  // A listing that cannot be bought (frozen, sold, ended…) reads as out of stock, and is not indexed.
  const saleQuantity = isListingOnSale(listing, now) ? listing.quantity : 0;
  const availability = stockAvailability(saleQuantity);
  const offer = {
    '@type': 'Offer',
    url: canonical,
    price: listing.price.toFixed(2),
    priceCurrency: CURRENCY,
    availability: `https://schema.org/${availability}`,
    priceValidUntil: priceValidUntil(listing, now),
    itemCondition: ITEM_CONDITION[listing.condition],
    seller: {
      '@type': listing.seller.isDealer ? 'Organization' : 'Person',
      name: listing.seller.displayName,
    },
    shippingDetails: offerShippingDetails(listing),
  };
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: cleanStructuredTitle(listing.title),
    description,
    ...(image ? { image: [image] } : {}),
    ...(listing.sku ? { sku: listing.sku } : {}),
    ...(listing.upc && /^\d{12}$/.test(listing.upc) ? { gtin12: listing.upc } : {}),
    ...(listing.manufacturer ? { brand: { '@type': 'Brand', name: listing.manufacturer } } : {}),
    ...(listing.model ? { model: listing.model } : {}),
    category: familyDisplayName(listing.family) ?? listing.family,
    offers: offer,
  };
  return {
    title: pageTitle(listing.title),
    description: description || `${listing.title} for sale on ${PRODUCT_NAME}.`,
    canonical,
    robots: productRobots(saleQuantity),
    keywords: metadataKeywords([
      listing.manufacturer ?? '',
      listing.model ?? '',
      listing.caliber ?? '',
      familyDisplayName(listing.family) ?? '',
      CONDITION_LABELS[listing.condition],
      listing.title,
    ]),
    openGraph: {
      type: 'product',
      ...(image ? { image } : {}),
      'price:amount': listing.price.toFixed(2),
      'price:currency': CURRENCY,
      availability: availability === 'InStock' ? 'instock' : 'oos',
    },
    jsonLd: [product],
  };
}

export const HOME_PAGE_DESCRIPTION =
  'Private sellers, retailers and buyers meet in one marketplace with tens of thousands of listings: firearms, ammunition, optics, accessories and collectibles.';

/** Home: the site's search box for search engines. */
export function homePageMeta(origin: string): PageMeta {
  return {
    title: HOME_PAGE_TITLE,
    description: HOME_PAGE_DESCRIPTION,
    canonical: `${origin}/`,
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: PRODUCT_NAME,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/search?keyword={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** Search: the title names the keyword; the canonical URL is the normalised search state. */
export function searchPageMeta(origin: string, query: URLSearchParams | string): PageMeta {
  const params = parseSearchParams(query);
  const normalized = toSearchQueryString({
    ...params,
    page: params.page && params.page > 1 ? params.page : undefined,
  });
  const keyword = params.keyword?.trim();
  const subject = keyword ? `${keyword} for Sale` : 'Guns for Sale';
  return {
    title: pageTitle(keyword ? `${subject} – Search Results` : 'Search Guns for Sale'),
    description: `${subject} from private sellers and licensed dealers on ${PRODUCT_NAME}. Compare prices, conditions and shipping.`,
    canonical: `${origin}/search${normalized ? `?${normalized}` : ''}`,
    keywords: metadataKeywords(
      keyword ? [keyword, 'guns for sale', 'buy guns online'] : ['guns for sale', 'buy guns online'],
    ),
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
  };
}

/** The fallback description of a brand without its own (also the brand page's intro line). */
export const brandDescription = (brand: Pick<Brand, 'name' | 'metaDescription' | 'focus'>): string =>
  brand.metaDescription || brand.focus?.heroSubtext || `Listings, news and reviews for ${brand.name}.`;

/** A brand page: its own meta title and description when set, its keywords, and its first tile as the image. */
export function brandPageMeta(brand: Brand, origin: string): PageMeta {
  const image = brand.focus?.products[0]?.imageUrl ?? brand.logoUrl;
  return {
    // The brand's own meta title may already carry the product suffix; pageTitle never doubles it.
    title: pageTitle(brand.metaTitle || `${brand.name} for Sale`),
    description: brandDescription(brand),
    canonical: `${origin}/brand/${brand.slug}`,
    keywords: metadataKeywords([brand.name, ...brand.keywords]),
    openGraph: {
      type: 'website',
      site_name: PRODUCT_NAME,
      ...(image ? { image: absolute(origin, image) } : {}),
    },
  };
}

export function cityPageMeta(origin: string, slug: string): PageMeta | null {
  if (!isCitySlug(slug)) return null;
  const city = CITY_SLUGS[slug];
  const place = `${city.name}, ${city.state}`;
  return {
    title: pageTitle(`Guns for Sale in ${place}`),
    description: `Local and online listings of firearms, ammunition and gear near ${place}, from private sellers and licensed dealers.`,
    canonical: `${origin}/guns-${slug}`,
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
    keywords: metadataKeywords([
      `guns for sale ${city.name}`,
      `gun shops ${city.name}`,
      'local guns',
      city.name,
    ]),
  };
}

export function newThisWeekPageMeta(origin: string): PageMeta {
  return {
    title: pageTitle('New This Week'),
    description: `Listings added in the last seven days on ${PRODUCT_NAME}: new firearms, ammunition, optics and accessories.`,
    canonical: `${origin}/newthisweek`,
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
  };
}
