import { IdentifyFirearm } from '../../features/identification/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

/** /identify: what is this firearm, and what is it worth? */
export function IdentifyPage() {
  return (
    <PageFrame
      heading={routeTitle('identify') ?? 'Identify a Firearm'}
      intro="Send photos and what you know of a firearm: we tell you what it is, and what the same firearm sold for here, sale by sale."
      robots="noindex,nofollow"
    >
      <IdentifyFirearm />
    </PageFrame>
  );
}
