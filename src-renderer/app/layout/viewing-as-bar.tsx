import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { useReturnToOwnSession, useViewingAs } from '../../lib/session/impersonation.ts';
import styles from './viewing-as-bar.module.css';

/**
 * While an admin views the site as a user (an impersonation token is the session), a bar on every
 * page says whose view it is and leads back to the admin's own session. It reads the token, so it
 * survives reloads.
 */
export function ViewingAsBar() {
  const viewingAs = useViewingAs();
  const returnToOwnSession = useReturnToOwnSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!viewingAs) return null;

  const back = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const restored = await returnToOwnSession();
      navigate(restored ? paths.admin() : paths.login(paths.admin()));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.bar} aria-label="Viewing as another user">
      <p className={styles.text}>
        Viewing as <strong>{viewingAs.name}</strong> <span className={styles.email}>({viewingAs.email})</span>
      </p>
      {failed ? (
        <p role="alert" className={styles.text}>
          Your own session could not be restored. Try again.
        </p>
      ) : null}
      <button type="button" className={styles.back} onClick={back} disabled={busy}>
        {busy ? 'Returning…' : 'Return to my session'}
      </button>
    </section>
  );
}
