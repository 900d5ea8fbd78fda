import { Fragment, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  ReferenceCaliberRow,
  ReferenceManufacturerRow,
  ReferenceModelRow,
  ReferencePartName,
  ReferenceVariantRow,
} from '../../../shared/contract/firearm-reference.ts';
import { Button } from '../../ui/button.tsx';
import { Pager } from '../../ui/list-controls.tsx';
import styles from './admin-console.module.css';
import { useFirearmCalibers, useFirearmReference } from './api/admin-queries.ts';
import { TextField } from './console-forms.tsx';
import { adminPath, DoneText, ListState, TableHead } from './console-parts.tsx';
import {
  familyLabel,
  RecordDialog,
  type RecordDialogProps,
  RemoveButton,
  StatusButton,
} from './firearm-reference-dialogs.tsx';

const HEADING_ID = 'admin-firearms-heading';

/** After a removal its row and buttons are gone: focus returns to the screen's heading. */
const focusHeading = (event: Event) => {
  event.preventDefault();
  document.getElementById(HEADING_ID)?.focus();
};

/** The record dialog the screen has open, without what the screen adds to every one. */
type OpenDialog = Omit<RecordDialogProps, 'calibers' | 'onClose' | 'onDone'>;

const variantLabel = (model: ReferenceModelRow, variant: ReferenceVariantRow) =>
  variant.name ? `${model.name} ${variant.name}` : `${model.name} (plain)`;

function StatusText({ active }: { active: boolean }) {
  return active ? <span>Active</span> : <strong className={styles.error}>Deactivated</strong>;
}

/** The buttons of one record: edit, deactivate or reactivate, remove; `extra` before them. */
function RecordActions({
  part,
  id,
  label,
  active,
  removes,
  onEdit,
  onDone,
  children,
}: {
  part: ReferencePartName;
  id: string;
  label: string;
  active: boolean;
  removes?: string | undefined;
  onEdit: () => void;
  onDone: (message: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      {children}
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Edit <span className="visually-hidden">{label}</span>
      </Button>
      <StatusButton part={part} id={id} label={label} active={active} onDone={onDone} />
      <RemoveButton
        part={part}
        id={id}
        label={label}
        what={removes}
        onDone={onDone}
        onCloseAutoFocus={focusHeading}
      />
    </div>
  );
}

/** One manufacturer: its facts and buttons, and a table of its models with their variants beneath each. */
function Manufacturer({
  maker,
  expanded: startExpanded,
  open,
  onDone,
}: {
  maker: ReferenceManufacturerRow;
  expanded: boolean;
  open: (dialog: OpenDialog) => void;
  onDone: (message: string) => void;
}) {
  const [expanded, setExpanded] = useState(startExpanded);
  const modelsId = useId();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {maker.name}
        {maker.active ? null : <span className={styles.error}> (deactivated)</span>}
      </h3>
      <p className={styles.muted}>
        {maker.aliases.length > 0 ? `Also written: ${maker.aliases.join(', ')}. ` : 'No aliases. '}
        {maker.models.length} model{maker.models.length === 1 ? '' : 's'}, {maker.listingCount} listing
        {maker.listingCount === 1 ? '' : 's'} identified.
      </p>
      <RecordActions
        part="manufacturer"
        id={maker.id}
        label={maker.name}
        active={maker.active}
        removes={maker.models.length > 0 ? `its ${maker.models.length} models and their variants` : undefined}
        onEdit={() =>
          open({
            part: 'manufacturer',
            editing: { id: maker.id, label: maker.name, draft: maker },
            parent: null,
            title: `Edit ${maker.name}`,
          })
        }
        onDone={onDone}
      >
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={expanded}
          aria-controls={modelsId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Hide models' : 'Show models'} <span className="visually-hidden">of {maker.name}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            open({
              part: 'model',
              editing: null,
              parent: { manufacturerId: maker.id },
              title: `Add a model to ${maker.name}`,
            })
          }
        >
          Add model <span className="visually-hidden">to {maker.name}</span>
        </Button>
      </RecordActions>
      <div id={modelsId} hidden={!expanded}>
        {maker.models.length === 0 ? (
          <p className={styles.empty}>No models yet.</p>
        ) : (
          <table className={styles.table} aria-label={`Models of ${maker.name}`}>
            <TableHead
              columns={['Model or variant', 'Aliases', 'Category', 'Calibers', 'Listings', 'Status']}
              actions
            />
            <tbody>
              {maker.models.map((model) => (
                <Fragment key={model.id}>
                  <tr>
                    <th scope="row">{model.name}</th>
                    <td className={styles.wrap}>{model.aliases.join(', ') || '—'}</td>
                    <td>{familyLabel(model.familyId)}</td>
                    <td>—</td>
                    <td className={styles.figure}>{model.listingCount}</td>
                    <td>
                      <StatusText active={model.active} />
                    </td>
                    <td>
                      <RecordActions
                        part="model"
                        id={model.id}
                        label={`${maker.name} ${model.name}`}
                        active={model.active}
                        removes={`its ${model.variants.length} variant${model.variants.length === 1 ? '' : 's'}`}
                        onEdit={() =>
                          open({
                            part: 'model',
                            editing: { id: model.id, label: model.name, draft: model },
                            parent: null,
                            title: `Edit ${maker.name} ${model.name}`,
                          })
                        }
                        onDone={onDone}
                      >
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() =>
                            open({
                              part: 'variant',
                              editing: null,
                              parent: { modelId: model.id },
                              title: `Add a variant to ${maker.name} ${model.name}`,
                            })
                          }
                        >
                          Add variant <span className="visually-hidden">to {model.name}</span>
                        </Button>
                      </RecordActions>
                    </td>
                  </tr>
                  {model.variants.map((variant) => (
                    <tr key={variant.id} className={styles.subRow}>
                      <th scope="row">
                        <span aria-hidden="true">↳ </span>
                        <span className="visually-hidden">Variant of {model.name}: </span>
                        {variant.name ?? 'Plain model'}
                        {variant.barrelInches === null ? null : ` · ${variant.barrelInches}″`}
                      </th>
                      <td className={styles.wrap}>{variant.aliases.join(', ') || '—'}</td>
                      <td>{variant.familyId === null ? 'As the model' : familyLabel(variant.familyId)}</td>
                      <td className={styles.wrap}>
                        {variant.calibers
                          .map((caliber) => (caliber.active ? caliber.name : `${caliber.name} (deactivated)`))
                          .join(', ') || '—'}
                      </td>
                      <td className={styles.figure}>{variant.listingCount}</td>
                      <td>
                        <StatusText active={variant.active} />
                      </td>
                      <td>
                        <RecordActions
                          part="variant"
                          id={variant.id}
                          label={`${maker.name} ${variantLabel(model, variant)}`}
                          active={variant.active}
                          onEdit={() =>
                            open({
                              part: 'variant',
                              editing: {
                                id: variant.id,
                                label: variantLabel(model, variant),
                                draft: {
                                  ...variant,
                                  caliberIds: variant.calibers.map((caliber) => caliber.id),
                                },
                              },
                              parent: null,
                              title: `Edit ${maker.name} ${variantLabel(model, variant)}`,
                            })
                          }
                          onDone={onDone}
                        />
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function ManufacturersTab({
  open,
  onDone,
}: {
  open: (dialog: OpenDialog) => void;
  onDone: (message: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(keyword);
  const reference = useFirearmReference({ keyword, page });
  const go = (next: { keyword: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.keyword) search.set('keyword', next.keyword);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return (
    <>
      <form
        aria-label="Search the firearms reference"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          go({ keyword: draft.trim(), page: 1 });
        }}
      >
        <TextField
          label="Manufacturer, model or alias"
          type="search"
          className={styles.grow}
          maxLength={100}
          value={draft}
          onValue={setDraft}
        />
        <Button type="submit">Search</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            open({ part: 'manufacturer', editing: null, parent: null, title: 'Add a manufacturer' })
          }
        >
          Add manufacturer
        </Button>
      </form>
      <ListState
        query={reference}
        label="the firearms reference"
        empty={
          keyword
            ? `No manufacturer, model or alias matches “${keyword}”.`
            : 'The reference has no manufacturers yet.'
        }
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <p className={styles.count}>
              {data.total} manufacturer{data.total === 1 ? '' : 's'} · reference version {data.version}
            </p>
            {data.results.map((maker) => (
              <Manufacturer
                key={`${keyword}:${maker.id}`}
                maker={maker}
                expanded={keyword !== '' || data.results.length === 1}
                open={open}
                onDone={onDone}
              />
            ))}
            <Pager
              page={data.page}
              pages={Math.ceil(data.total / data.pageSize)}
              onPage={(next) => go({ keyword, page: next })}
            />
          </>
        )}
      </ListState>
    </>
  );
}

function CalibersTab({
  calibers,
  open,
  onDone,
}: {
  calibers: ReturnType<typeof useFirearmCalibers>;
  open: (dialog: OpenDialog) => void;
  onDone: (message: string) => void;
}) {
  return (
    <>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => open({ part: 'caliber', editing: null, parent: null, title: 'Add a caliber' })}
        >
          Add caliber
        </Button>
      </div>
      <ListState
        query={calibers}
        label="the calibers"
        empty="The reference has no calibers yet."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <table className={styles.table} aria-label="Calibers">
            <TableHead columns={['Caliber', 'Aliases', 'Variants', 'Status']} actions />
            <tbody>
              {data.results.map((caliber: ReferenceCaliberRow) => (
                <tr key={caliber.id}>
                  <th scope="row">{caliber.name}</th>
                  <td className={styles.wrap}>{caliber.aliases.join(', ') || '—'}</td>
                  <td className={styles.figure}>{caliber.variantCount}</td>
                  <td>
                    <StatusText active={caliber.active} />
                  </td>
                  <td>
                    <RecordActions
                      part="caliber"
                      id={caliber.id}
                      label={caliber.name}
                      active={caliber.active}
                      onEdit={() =>
                        open({
                          part: 'caliber',
                          editing: { id: caliber.id, label: caliber.name, draft: caliber },
                          parent: null,
                          title: `Edit ${caliber.name}`,
                        })
                      }
                      onDone={onDone}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </>
  );
}

/**
 * The firearms reference (/admin/firearms, calibers at /admin/firearms/calibers): what identification
 * and every listing's identity are read against. Staff add, rename and alias manufacturers, models,
 * variants and calibers, deactivate them, and remove those nothing was identified as.
 */
export function FirearmReferenceScreen({ tab }: { tab: 'manufacturers' | 'calibers' }) {
  const calibers = useFirearmCalibers();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = (next: OpenDialog) => {
    setDone(null);
    setDialog(next);
  };
  const tabs = [
    { key: 'manufacturers', label: 'Manufacturers and models', to: adminPath('firearms') },
    { key: 'calibers', label: 'Calibers', to: adminPath('firearms/calibers') },
  ] as const;
  return (
    <section aria-labelledby={HEADING_ID} className={styles.screen}>
      <h2 id={HEADING_ID} tabIndex={-1}>
        Firearms reference
      </h2>
      <p className={styles.muted}>
        Identification and every listing’s identity are read against these names and aliases. A change applies
        on every server from the next identification on; listings already identified keep their identity.
      </p>
      <nav aria-label="Firearms reference" className={styles.actions}>
        {tabs.map((entry) => (
          <Link
            key={entry.key}
            to={entry.to}
            className={styles.navLink}
            aria-current={entry.key === tab ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>
      <DoneText>{done}</DoneText>
      {tab === 'calibers' ? (
        <CalibersTab calibers={calibers} open={open} onDone={setDone} />
      ) : (
        <ManufacturersTab open={open} onDone={setDone} />
      )}
      {dialog ? (
        <RecordDialog
          {...dialog}
          calibers={calibers.data?.results ?? []}
          onClose={() => setDialog(null)}
          onDone={setDone}
        />
      ) : null}
    </section>
  );
}
