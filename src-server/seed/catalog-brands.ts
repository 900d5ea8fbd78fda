import type { BrandFocusBlock } from '../../shared/contract/brands.ts';
import { type CategoryFamily, CategoryFamilyId, FIREARMS_SECTIONS } from '../../shared/domain/category.ts';
import { Condition } from '../../shared/domain/listing.ts';
import { toSearchQueryString } from '../../shared/search/search-url.ts';
import { familyImagePath } from '../modules/stock-images/index.ts';
import { FAMILY_CATALOG, MANUFACTURER_BRANDS, type ProductRow } from './catalog-products.ts';
import type { Random } from './random.ts';
import type { ColumnTypes } from './seed-part.ts';

/* The catalogue's brand pages: three themed ones and one per manufacturer, with featured products. */

function focusProducts(products: readonly [CategoryFamily, ProductRow][]): BrandFocusBlock['products'] {
  return products.slice(0, 3).map(([family, product]) => {
    const name = `${product[0]} ${product[1]}`;
    return {
      name,
      imageUrl: familyImagePath(family, 0),
      imageAlt: `${name} ${FAMILY_CATALOG[family].noun}`,
      actionUrl: `/search?${toSearchQueryString({ keyword: name })}`,
    };
  });
}

function productsWhere(test: (family: CategoryFamily, product: ProductRow) => boolean) {
  const found: [CategoryFamily, ProductRow][] = [];
  for (const family of Object.keys(FAMILY_CATALOG) as CategoryFamily[]) {
    for (const product of FAMILY_CATALOG[family].products)
      if (test(family, product)) found.push([family, product]);
  }
  return found;
}

export function brandRows(now: Date, random: Random): Record<string, unknown>[] {
  const firearmIds = (families: readonly CategoryFamily[]) =>
    families.map((family) => CategoryFamilyId[family]);
  const themed = [
    {
      slug: 'best-selling-guns',
      name: 'Best Selling Guns',
      keywords: ['best selling guns', 'best sellers', 'popular guns'],
      shopUrl: `/search?${toSearchQueryString({ familyIDs: firearmIds(['SemiAutoPistols', 'SemiAutoRifles', 'Revolvers', 'PumpActionShotguns']), sort: 'relevance' })}`,
      hero: 'The handguns, rifles and shotguns shoppers buy most, from dealers and private sellers nationwide.',
      products: productsWhere((_family, [m, model]) =>
        ['Glock 19 Gen5', 'Sig Sauer P365', 'Ruger 10/22 Carbine'].includes(`${m} ${model}`),
      ),
    },
    {
      slug: 'ar15',
      name: 'AR-15 Rifles',
      keywords: ['ar15', 'ar-15', 'ar 15', 'ar rifle', 'ar rifles'],
      shopUrl: `/search?${toSearchQueryString({ keyword: 'AR-15', familyIDs: firearmIds(['SemiAutoRifles']) })}`,
      hero: 'America’s most popular rifle platform: complete rifles from Colt, Daniel Defense, Ruger, Smith & Wesson and more.',
      products: productsWhere(
        (family, [, model]) => family === 'SemiAutoRifles' && model.includes('AR-15'),
      ).slice(1),
    },
    {
      slug: 'used-guns',
      name: 'Used Guns',
      keywords: ['used guns', 'used', 'pre-owned guns', 'second hand guns'],
      shopUrl: `/search?${toSearchQueryString({ condition: Condition.Used, familyIDs: firearmIds([...FIREARMS_SECTIONS.handguns, ...FIREARMS_SECTIONS.rifles, ...FIREARMS_SECTIONS.shotguns]) })}`,
      hero: 'Pre-owned firearms at fair prices, each shipped to your local FFL dealer for transfer.',
      products: productsWhere((_family, [m, model]) =>
        ['Smith & Wesson Model 686 Plus', 'Remington 870 Express', 'Remington 700 SPS'].includes(
          `${m} ${model}`,
        ),
      ),
    },
  ];
  const makers = MANUFACTURER_BRANDS.map((brand) => ({
    slug: brand.slug,
    name: brand.name,
    keywords: [...brand.keywords],
    shopUrl: `/search?${toSearchQueryString({ keyword: brand.name })}`,
    hero: `Shop new and used ${brand.name} firearms and gear from licensed dealers and private sellers.`,
    products: productsWhere((_family, [m]) => m === brand.name),
  }));
  return [...themed, ...makers].map((brand) => ({
    id: random.uuid(),
    slug: brand.slug,
    name: brand.name,
    keywords: brand.keywords,
    logo_url: null,
    shop_url: brand.shopUrl,
    meta_title: `${brand.name} for Sale`,
    meta_description: brand.hero.slice(0, 160),
    focus: { name: brand.name, heroSubtext: brand.hero, products: focusProducts(brand.products) },
    updated_at: now.toISOString(),
  }));
}

export const BRAND_COLUMNS: ColumnTypes = [
  ['id', 'uuid'],
  ['slug', 'text'],
  ['name', 'text'],
  ['keywords', 'text[]'],
  ['logo_url', 'text'],
  ['shop_url', 'text'],
  ['meta_title', 'text'],
  ['meta_description', 'text'],
  ['focus', 'jsonb'],
  ['updated_at', 'timestamptz'],
];
