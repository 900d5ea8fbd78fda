import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function LoginPage() {
  return (
    <PageFrame
      heading={routeTitle('login') ?? 'Log In'}
      intro="Sign in to buy, sell, save favorites and message sellers."
    />
  );
}
