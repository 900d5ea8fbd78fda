import { useSearchParams } from 'react-router';
import { ForgotPasswordForm, ResetPasswordForm } from '../../features/auth/index.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { Card } from '../../ui/card.tsx';
import { PageFrame } from '../page-frame.tsx';

export function ForgotPasswordPage() {
  const [query] = useSearchParams();
  const token = query.get('token');
  if (token) {
    return (
      <PageFrame
        heading="Choose a New Password"
        title={routeTitle('forgotPassword')}
        intro="Choose the new password for your account."
      >
        <Card>
          <ResetPasswordForm token={token} />
        </Card>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      heading={routeTitle('forgotPassword') ?? 'Forgot Password'}
      intro="Enter the email on your account and we will send you a link to choose a new password."
    >
      <Card>
        <ForgotPasswordForm />
      </Card>
    </PageFrame>
  );
}
