import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useReloadSession } from './session.ts';

/** Re-reads the stored token at start and on every navigation, so expiry and seller status stay current. */
export function SessionSync() {
  const reload = useReloadSession();
  const { key } = useLocation();
  useEffect(() => {
    void key;
    void reload();
  }, [key, reload]);
  return null;
}
