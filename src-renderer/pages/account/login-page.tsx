import { useLocation } from 'react-router';
import { LoginForm } from '../../features/auth/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { Card } from '../../ui/card.tsx';
import { PageFrame } from '../page-frame.tsx';

interface LoginPageState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const state = (useLocation().state ?? {}) as LoginPageState;
  return (
    <PageFrame
      heading={routeTitle('login') ?? 'Log In'}
      intro="Sign in to buy, sell, save favorites and message sellers."
    >
      <Card>
        <LoginForm mode="page" notice={state.notice ?? null} defaultEmail={state.email ?? ''} />
      </Card>
    </PageFrame>
  );
}
