import { useState } from 'react';
import type { BulkUpload } from '../../../shared/contract/inventory.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button } from '../../ui/button.tsx';
import { downloadErrorReport } from './api/bulk-uploads.ts';
import styles from './bulk-upload.module.css';

/** Downloads the CSV report of an upload's failed rows (the call carries the session token). */
export function ErrorReportLink({ upload }: { upload: Pick<BulkUpload, 'id' | 'fileName'> }) {
  const api = useApiClient();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  async function download() {
    setState('loading');
    try {
      await downloadErrorReport(api, upload);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className={styles.report}>
      <Button
        variant="ghost"
        size="sm"
        className={styles.reportButton}
        aria-busy={state === 'loading'}
        disabled={state === 'loading'}
        aria-label={`Download error report for ${upload.fileName}`}
        onClick={() => void download()}
      >
        Download error report
      </Button>
      {state === 'failed' ? (
        <span role="alert" className={styles.failed}>
          The report could not be downloaded. Try again.
        </span>
      ) : null}
    </span>
  );
}
