import {
  CATEGORY_FAMILIES,
  type FirearmsSection,
  firearmsSectionFamilyIds,
} from '../../../shared/domain/category.ts';
import { PRODUCT_NAME } from '../../../shared/domain/metadata.ts';
import type { RouteId } from '../../../shared/routes/paths.ts';
import type { SearchRouteParams } from '../../../shared/search/search-url.ts';
import { absoluteUrl } from '../../features/search/index.ts';
import { routeTitle, useAppRoute } from '../../lib/app-route.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { ProductSearchView } from '../search/product-search-view.tsx';

const INTROS: Partial<Record<RouteId, string>> = {
  firearms: 'Handguns, rifles and shotguns from private sellers and licensed dealers.',
  'firearms.handguns': 'Pistols and revolvers from private sellers and licensed dealers.',
  'firearms.rifles': 'Bolt-action, semi-automatic, lever-action and other rifles.',
  'firearms.shotguns': 'Pump, semi-automatic, over-under and side-by-side shotguns.',
};

const ALL_FIREARMS: SearchRouteParams = {
  familyIDs: CATEGORY_FAMILIES.filter((family) => family.group === 'Firearm').map((family) => family.id),
};

const SECTION_BASE: Readonly<Record<FirearmsSection, SearchRouteParams>> = {
  handguns: { familyIDs: firearmsSectionFamilyIds('handguns') },
  rifles: { familyIDs: firearmsSectionFamilyIds('rifles') },
  shotguns: { familyIDs: firearmsSectionFamilyIds('shotguns') },
};

const SECTION_PATHS: Partial<Record<RouteId, string>> = {
  firearms: '/firearms',
  'firearms.handguns': '/firearms/handguns',
  'firearms.rifles': '/firearms/rifles',
  'firearms.shotguns': '/firearms/shotguns',
};

/** Firearms and its three sections (handguns, rifles, shotguns): searches over their families. */
export function FirearmsPage() {
  const routeId = useAppRoute()?.route ?? 'firearms';
  const section = routeId.startsWith('firearms.')
    ? (routeId.slice('firearms.'.length) as FirearmsSection)
    : null;
  const title = routeTitle(routeId) ?? 'Firearms for Sale';
  const intro = `${INTROS[routeId] ?? INTROS.firearms} Every firearm ships to a licensed dealer (FFL) for transfer.`;
  useDocumentHead({
    title,
    description: intro,
    canonical: absoluteUrl(SECTION_PATHS[routeId] ?? '/firearms'),
    openGraph: { type: 'website', site_name: PRODUCT_NAME },
  });
  return (
    <ProductSearchView
      key={routeId}
      heading={title}
      intro={intro}
      base={section ? SECTION_BASE[section] : ALL_FIREARMS}
    />
  );
}
