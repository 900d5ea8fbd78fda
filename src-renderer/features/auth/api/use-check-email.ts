import { useEffect, useState } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';

export const EMAIL_CHECK_DELAY_MS = 500;

/**
 * GET /users/checkEmail/{email}: whether an email already has an account, checked while typing;
 * a failed check counts as free.
 */
export function useEmailTaken(email: string, ownEmail: string | undefined): boolean {
  const api = useApiClient();
  const [taken, setTaken] = useState<{ email: string; isTaken: boolean } | null>(null);
  useEffect(() => {
    const candidate = email.trim().toLowerCase();
    if (candidate === '' || candidate === ownEmail?.toLowerCase()) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        // The email rule (zod behind it) loads with the first check, not with the page.
        const { emailSchema } = await import('../../../../shared/contract/common.ts');
        if (!emailSchema.safeParse(candidate).success || controller.signal.aborted) return;
        const answer = await api.call(
          'usersCheckEmail',
          { params: { email: candidate } },
          { signal: controller.signal },
        );
        setTaken({ email: candidate, isTaken: answer.isTaken });
      } catch {
        if (!controller.signal.aborted) setTaken({ email: candidate, isTaken: false });
      }
    }, EMAIL_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, email, ownEmail]);
  return taken?.isTaken === true && taken.email === email.trim().toLowerCase();
}
