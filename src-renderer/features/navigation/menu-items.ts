import { CategoryFamily, CategoryFamilyId, FIREARMS_SECTIONS } from '../../../shared/domain/category.ts';
import { HOME_LINKS, paths, SHOP_LOCAL_DEFAULTS } from '../../../shared/routes/paths.ts';
import { familyLabel } from '../../lib/family-label.ts';

export interface MenuLink {
  label: string;
  to: string;
  /** Leaves the app (the digest). */
  external?: boolean;
  /**
   * A link to a kind of search is current only on that kind: the query values its page has (Shop
   * Local: local searches, whatever their zip code or distance). Without it, the path decides.
   */
  currentWhen?: Readonly<Record<string, string>>;
}

export interface MenuColumn {
  heading: MenuLink;
  links: MenuLink[];
}

export type MenuEntry =
  | ({ kind: 'link' } & MenuLink)
  | { kind: 'dropdown'; label: string; columns: MenuColumn[] };

const familyLink = (key: CategoryFamily): MenuLink => ({
  label: familyLabel(key),
  to: paths.search({ familyIDs: [CategoryFamilyId[key]] }),
});

const sectionColumn = (section: keyof typeof FIREARMS_SECTIONS, label: string): MenuColumn => ({
  heading: { label, to: paths.firearms(section) },
  links: FIREARMS_SECTIONS[section].map(familyLink),
});

/** The mega menu: category links carry familyIDs from the shared category data. */
export const MENU: readonly MenuEntry[] = [
  {
    kind: 'dropdown',
    label: 'Firearms',
    columns: [
      sectionColumn('handguns', 'Handguns'),
      sectionColumn('rifles', 'Rifles'),
      sectionColumn('shotguns', 'Shotguns'),
      {
        heading: { label: 'All firearms', to: paths.firearms() },
        links: [
          CategoryFamily.NFA,
          CategoryFamily.Suppressor,
          CategoryFamily.CollectibleFirearms,
          CategoryFamily.BlackPowderMuzzleloaders,
        ].map(familyLink),
      },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Ammo & Gear',
    columns: [
      {
        heading: {
          label: 'Ammo & gear',
          to: paths.search({
            familyIDs: [
              CategoryFamilyId.Ammunition,
              CategoryFamilyId.Magazines,
              CategoryFamilyId.Optics,
              CategoryFamilyId.Accessories,
              CategoryFamilyId.EverythingElse,
            ],
          }),
        },
        links: [
          CategoryFamily.Ammunition,
          CategoryFamily.Magazines,
          CategoryFamily.Optics,
          CategoryFamily.Accessories,
          CategoryFamily.EverythingElse,
        ].map(familyLink),
      },
    ],
  },
  {
    kind: 'dropdown',
    label: 'Brands',
    columns: [
      {
        heading: { label: 'Popular', to: paths.brand('best-selling-guns') },
        links: [
          { label: 'Best selling guns', to: paths.brand('best-selling-guns') },
          { label: 'AR-15s', to: paths.brand('ar15') },
          { label: 'Used guns', to: paths.brand('used-guns') },
        ],
      },
      {
        heading: { label: 'Makers', to: paths.brand('glock') },
        links: [
          { label: 'Glock', to: paths.brand('glock') },
          { label: 'Sig Sauer', to: paths.brand('sig-sauer') },
          { label: 'Smith & Wesson', to: paths.brand('smith-and-wesson') },
        ],
      },
    ],
  },
  {
    kind: 'link',
    label: 'Shop Local',
    to: HOME_LINKS.shopLocal,
    currentWhen: { listingType: SHOP_LOCAL_DEFAULTS.listingType },
  },
  { kind: 'link', label: 'New This Week', to: paths.newThisWeek() },
  { kind: 'link', label: 'Find a Dealer', to: paths.ffl() },
  { kind: 'link', label: 'News & Reviews', to: paths.digest() },
];
