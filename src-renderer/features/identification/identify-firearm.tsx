import { useEffect, useState } from 'react';
import { paths } from '../../../shared/routes/paths.ts';
import { useReloadSession, useSession } from '../../lib/session/session.ts';
import { LinkButton } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './identification.module.css';
import { IdentificationForm } from './identification-form.tsx';
import { IdentificationResult } from './identification-result.tsx';
import { useKeptIdentification } from './identification-store.ts';
import { identityName, percent } from './identification-words.ts';

/**
 * Identify a firearm (signed-in accounts): the form, then what it was identified as and what it is
 * worth, kept in the browser until the owner starts over. Visitors are asked to log in.
 */
export function IdentifyFirearm() {
  const session = useSession();
  const reload = useReloadSession();
  useEffect(() => {
    if (session.status === 'loading') void reload();
  }, [session.status, reload]);

  if (session.status === 'loading') {
    return (
      <LoadingRegion label="Checking your session">
        <div className={styles.form}>
          <Skeleton height="12rem" />
          <Skeleton height="16rem" />
        </div>
      </LoadingRegion>
    );
  }
  if (session.status === 'signedOut') return <SignInPrompt />;
  return <Identification />;
}

function Identification() {
  const { kept, keep, forget } = useKeptIdentification();
  // Only a result just received takes focus; one read back from the browser leaves focus alone.
  const [fresh, setFresh] = useState(false);
  const [startedOver, setStartedOver] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const data = kept.data;
  return (
    <>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      {data ? (
        <IdentificationResult
          kept={{ ...kept, data }}
          fresh={fresh}
          onStartOver={() => {
            forget();
            setFresh(false);
            setStartedOver(true);
            setAnnouncement('Started over. The identification was cleared.');
          }}
        />
      ) : (
        <IdentificationForm
          focusFirst={startedOver}
          onIdentified={(answer, info) => {
            keep(answer, info);
            setFresh(true);
            if (answer.data) {
              setAnnouncement(
                `Identified as ${identityName(answer.data.identity)}, ${percent(answer.data.confidence)} match.`,
              );
            }
          }}
        />
      )}
    </>
  );
}

function SignInPrompt() {
  return (
    <section className={styles.panel} aria-labelledby="identify-sign-in">
      <h2 id="identify-sign-in" className={styles.panelHeading}>
        Log in to identify a firearm
      </h2>
      <p>
        Identification is for members: log in, or create a free account, then send photos and what you know of
        the firearm. We tell you what it is and what the same firearm sold for here recently.
      </p>
      <div className={styles.actions}>
        <LinkButton to={paths.login(paths.identify())}>Log in</LinkButton>
        <LinkButton to={paths.register()} variant="secondary">
          Create an account
        </LinkButton>
      </div>
    </section>
  );
}
