import { RequireAuth } from '../../features/auth/require-auth.tsx';
import { PageFrame } from '../page-frame.tsx';

export function AdminPage() {
  return (
    <RequireAuth requireAdmin>
      <PageFrame
        heading="Administration"
        intro="Staff tools: search users, sign in as a user, add credit to an account and view a user's escrow account."
      />
    </RequireAuth>
  );
}
