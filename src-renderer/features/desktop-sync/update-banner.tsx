import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import type { UpdateState, UpdatesControl } from '../../lib/platform/platform.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import styles from './update-banner.module.css';
import { type DesktopServiceView, useDesktopService } from './use-desktop-service.ts';

/** The desktop client's own updates as the renderer shows them; `control` is null on the web. */
export function useUpdates(): DesktopServiceView<UpdateState> & { control: UpdatesControl | null } {
  const control = usePlatform().updates;
  const service = useMemo(
    () => (control ? { read: () => control.get(), onChange: control.onChange.bind(control) } : null),
    [control],
  );
  return { ...useDesktopService<UpdateState>(service), control };
}

/**
 * "Restart to update", under the header of the desktop client once a newer version has been
 * downloaded and verified in the background (and why a restart was refused, until the next one
 * is ready). Renders nothing otherwise, and nothing on the web.
 */
export function UpdateBanner() {
  const updates = useUpdates();
  const { control, value } = updates;
  const ready = value?.status === 'ready' ? value : null;
  if (!control || (!ready && !updates.actionError)) return null;

  const restart = () =>
    updates.run(
      'restart',
      async () => {
        // The main process refuses when no verified update is ready any more (a later error withdrew it).
        if (!(await control.restart())) throw new Error('No update is ready.');
        return null;
      },
      'The update could not be installed now. Ironsight will download it again and tell you when it is ready.',
    );

  return (
    <section className={styles.banner} aria-label="Update ready">
      {ready ? (
        <div className={styles.notice}>
          <RefreshCw className={styles.icon} size={18} aria-hidden="true" />
          <p className={styles.text}>
            <strong>Ironsight {ready.version} is ready to install.</strong> It installs when you restart, or
            the next time you quit the app.
          </p>
          <Button size="sm" onClick={restart} disabled={updates.busy !== null}>
            {updates.busy === 'restart' ? 'Restarting…' : 'Restart to update'}
          </Button>
        </div>
      ) : null}
      <FormError>{updates.actionError}</FormError>
    </section>
  );
}
