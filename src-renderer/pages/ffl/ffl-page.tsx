import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function FflPage() {
  return (
    <PageFrame
      heading={routeTitle('ffl') ?? 'Find an FFL Dealer'}
      intro="Firearms ship to a licensed dealer (FFL) for transfer. Find a dealer near you to receive your purchase."
    />
  );
}
