import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function AboutUsPage() {
  return (
    <PageFrame
      heading={routeTitle('aboutUs') ?? 'About Us'}
      intro="Since 1997, Ironsight has brought private sellers, retailers and buyers together in one marketplace for firearms and gear."
    />
  );
}
