import { useSearchParams } from 'react-router';
import { PasswordExpiredForm } from '../../features/auth/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { Card } from '../../ui/card.tsx';
import { PageFrame } from '../page-frame.tsx';

export function PasswordExpiredPage() {
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  return (
    <PageFrame
      heading={routeTitle('passwordExpired') ?? 'Password Expired'}
      intro={
        email
          ? `The password for ${email} has expired. Choose a new one to continue.`
          : 'Your password has expired. Choose a new one to continue.'
      }
    >
      <Card>
        <PasswordExpiredForm email={email} />
      </Card>
    </PageFrame>
  );
}
