import { CATEGORY_FAMILIES } from '../domain/category.ts';
import { CITY_SLUG_LIST, CITY_SLUGS, HOME_LINKS, paths, type RouteId, routeDefinition } from './paths.ts';

/*
 * The site map, one definition for the /site-map page and the XML sitemap: the public pages of the
 * route table, the category families, the brands, the cities and the digest's articles.
 */

export interface SiteMapLink {
  label: string;
  to: string;
}

export interface SiteMapSection {
  heading: string;
  links: SiteMapLink[];
}

export interface SiteMapData {
  brands: readonly { slug: string; name: string }[];
  articles: readonly { slug: string; title: string; updatedAt?: string }[];
}

const routeLink = (id: RouteId & Parameters<typeof paths.to>[0]): SiteMapLink => ({
  label: routeDefinition(id).title ?? id,
  to: paths.to(id),
});

/** 'SemiAutoPistols' → 'Semi Auto Pistols'; 'NFA' stays. */
const familyLabel = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Pages of the route table a visitor can open without signing in, by section. */
export function siteMapSections(data: SiteMapData): SiteMapSection[] {
  return [
    {
      heading: 'Shop',
      links: [
        { label: 'Home', to: paths.home() },
        routeLink('firearms'),
        routeLink('firearms.handguns'),
        routeLink('firearms.rifles'),
        routeLink('firearms.shotguns'),
        { label: 'Search listings', to: paths.search() },
        routeLink('advancedSearch'),
        { label: 'Shop local', to: HOME_LINKS.shopLocal },
        routeLink('newThisWeek'),
        routeLink('ffl'),
      ],
    },
    {
      heading: 'Categories',
      links: CATEGORY_FAMILIES.map((family) => ({
        label: familyLabel(family.key),
        to: paths.search({ familyIDs: [family.id] }),
      })).sort((a, b) => a.label.localeCompare(b.label)),
    },
    {
      heading: 'Brands',
      links: data.brands.map((brand) => ({ label: brand.name, to: paths.brand(brand.slug) })),
    },
    {
      heading: 'Guns near you',
      links: [
        routeLink('localLinks'),
        ...CITY_SLUG_LIST.map((slug) => ({
          label: `${CITY_SLUGS[slug].name}, ${CITY_SLUGS[slug].state}`,
          to: paths.city(slug),
        })),
      ],
    },
    {
      heading: 'News and reviews',
      links: [
        routeLink('digest'),
        ...data.articles.map((article) => ({ label: article.title, to: paths.digestArticle(article.slug) })),
      ],
    },
    {
      heading: 'Sell',
      links: [routeLink('sellGuns'), routeLink('membership'), routeLink('register')],
    },
    {
      heading: 'Company',
      links: [routeLink('aboutUs'), routeLink('siteMap')],
    },
  ];
}

/**
 * Pages search engines should not crawl: accounts, the console, the cart and one-time links. The
 * sign-in and registration pages stay crawlable: they are public, server-rendered pages people
 * search for ("Ironsight login").
 */
export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/admin',
  '/dashboard',
  '/cart',
  paths.to('identify'),
  paths.to('forgotPassword'),
  paths.to('passwordExpired'),
  paths.to('welcomeEmailRedirect'),
  paths.to('alertsUnsubscribe'),
  paths.to('newsletterConfirm'),
  paths.to('newsletterUnsubscribe'),
  '/l/',
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XML sitemap (sitemaps.org): every site-map link once, as absolute URLs; articles with their last change. */
export function sitemapXml(origin: string, data: SiteMapData): string {
  const modified = new Map(
    data.articles.map((article) => [paths.digestArticle(article.slug), article.updatedAt]),
  );
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const section of siteMapSections(data)) {
    for (const link of section.links) {
      if (seen.has(link.to) || !link.to.startsWith('/')) continue;
      seen.add(link.to);
      const lastmod = modified.get(link.to);
      urls.push(
        `<url><loc>${escapeXml(`${origin}${link.to}`)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
