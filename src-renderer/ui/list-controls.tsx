import { Button } from './button.tsx';
import styles from './commerce.module.css';

export interface ListTab {
  key: string;
  label: string;
}

/** Buttons that filter a list, the current one marked for screen readers (`aria-current`). */
export function ListTabs({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string;
  tabs: readonly ListTab[];
  current: string;
  onSelect: (key: string) => void;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Button
          key={tab.key}
          size="sm"
          variant={tab.key === current ? 'primary' : 'secondary'}
          aria-current={tab.key === current ? 'page' : undefined}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </Button>
      ))}
    </nav>
  );
}

/** Previous and Next with "Page n of m"; nothing when there is one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.actions} aria-label="Pages">
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
