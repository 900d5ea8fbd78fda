import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function RegisterPage() {
  return (
    <PageFrame
      heading="Create an Account"
      title={routeTitle('register')}
      intro="Join to buy, sell, save favorites and get alerts on the gear you are watching."
    />
  );
}
