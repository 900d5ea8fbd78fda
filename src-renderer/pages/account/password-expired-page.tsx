import { useSearchParams } from 'react-router';
import styles from '../../features/auth/auth.module.css';
import { PasswordExpiredForm } from '../../features/auth/password-expired-form.tsx';
import { routeTitle } from '../../lib/app-route.ts';
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
      <div className={styles.card}>
        <PasswordExpiredForm email={email} />
      </div>
    </PageFrame>
  );
}
