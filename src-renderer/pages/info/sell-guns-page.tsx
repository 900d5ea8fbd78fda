import { paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { LinkButton } from '../../ui/button.tsx';
import { PageFrame } from '../page-frame.tsx';

export function SellGunsPage() {
  return (
    <PageFrame
      heading="Sell guns on Ironsight"
      title={routeTitle('sellGuns')}
      intro="List firearms, ammunition, optics and accessories for buyers across the country. Firearms ship to a licensed dealer (FFL) for transfer."
    >
      <LinkButton to={paths.membership()} size="lg">
        See membership plans
      </LinkButton>
    </PageFrame>
  );
}
