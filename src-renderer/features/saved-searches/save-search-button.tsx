import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SavedSearchFrequency as Frequency } from '../../../shared/contract/saved-searches.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { onDemand } from '../../lib/on-demand.tsx';
import { Button } from '../../ui/button.tsx';
import { FormNotice } from '../../ui/form-field.tsx';
import styles from './saved-searches.module.css';

const saveDialog = onDemand(() => import('./save-search-dialog.tsx').then((m) => m.SaveSearchDialog));

export const preloadSaveSearchDialog = saveDialog.preload;
const SaveSearchDialog = saveDialog.Component;

export interface SaveSearchButtonProps {
  /** The frequency the dialog offers first (the buyer's default from Buyer Tools). */
  defaultFrequency?: Frequency | undefined;
}

/** "Save search" on the search page, and the name it was saved under. */
export function SaveSearchButton({ defaultFrequency }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  /** Each opening starts afresh: the search's own name, the default frequency, no errors. */
  const [opening, setOpening] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);

  const start = () => {
    setSaved(null);
    setOpening((count) => count + 1);
    setOpen(true);
  };

  return (
    <div className={styles.saveBar}>
      <Button
        variant="secondary"
        onClick={start}
        onPointerEnter={() => void saveDialog.preload().catch(() => undefined)}
      >
        <Bookmark size={16} aria-hidden="true" /> Save search
      </Button>
      <FormNotice>
        {saved ? (
          <>
            Saved “{saved}”. <Link to={paths.savedSearches()}>Manage your saved searches</Link>
          </>
        ) : null}
      </FormNotice>
      <SaveSearchDialog
        key={opening}
        open={open}
        onOpenChange={setOpen}
        defaultFrequency={defaultFrequency}
        onSaved={setSaved}
      />
    </div>
  );
}
