import type { RouteId } from '../../../shared/routes/paths.ts';
import { routeTitle, useAppRoute } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

const INTROS: Partial<Record<RouteId, string>> = {
  firearms: 'Handguns, rifles and shotguns from private sellers and licensed dealers.',
  'firearms.handguns': 'Pistols and revolvers from private sellers and licensed dealers.',
  'firearms.rifles': 'Bolt-action, semi-automatic, lever-action and other rifles.',
  'firearms.shotguns': 'Pump, semi-automatic, over-under and side-by-side shotguns.',
};

/** Firearms and its three sections (handguns, rifles, shotguns). */
export function FirearmsPage() {
  const routeId = useAppRoute()?.route ?? 'firearms';
  return (
    <PageFrame
      heading={routeTitle(routeId) ?? 'Firearms for Sale'}
      intro={`${INTROS[routeId] ?? INTROS.firearms} Every firearm ships to a licensed dealer (FFL) for transfer.`}
    />
  );
}
