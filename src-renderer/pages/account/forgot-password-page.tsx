import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';

export function ForgotPasswordPage() {
  return (
    <PageFrame
      heading={routeTitle('forgotPassword') ?? 'Forgot Password'}
      intro="Enter the email on your account and we will send you a link to choose a new password."
    />
  );
}
