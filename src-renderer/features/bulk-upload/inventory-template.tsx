import { useId } from 'react';
import {
  INVENTORY_COLUMN_INFO,
  INVENTORY_COLUMNS,
  INVENTORY_TEMPLATE_PATH,
} from '../../../shared/domain/inventory-columns.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import styles from './bulk-upload.module.css';

/** The template to download and what each of its columns holds. */
export function InventoryTemplate() {
  const id = useId();
  // The server publishes the template: the same origin on the web, the API's origin on desktop.
  const templateUrl = `${usePlatform().apiOrigin}${INVENTORY_TEMPLATE_PATH}`;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
        Template and columns
      </h3>
      <p className={styles.note}>
        Start from the{' '}
        <a className={styles.link} href={templateUrl} download="inventory.csv">
          inventory template (CSV)
        </a>
        , or upload your own export: columns are matched by their header, from our template and from common
        distributor and marketplace exports, and you can correct the match before uploading. A row whose stock
        number you already list updates that listing.
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Columns of the inventory template</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Required</th>
              <th scope="col">Format</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {INVENTORY_COLUMNS.map((column) => {
              const info = INVENTORY_COLUMN_INFO[column];
              return (
                <tr key={column}>
                  <th scope="row">
                    <code className={styles.code}>{column}</code>
                    <span className={styles.columnLabel}>{info.label}</span>
                  </th>
                  <td data-label="Required">{info.required ? 'Required' : 'Optional'}</td>
                  <td data-label="Format">{info.help}</td>
                  <td data-label="Example" className={styles.example}>
                    {info.example}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
