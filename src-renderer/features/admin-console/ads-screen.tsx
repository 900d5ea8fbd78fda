import { type ReactNode, useState } from 'react';
import type { AdminAdCreative } from '../../../shared/contract/ads.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, SelectInput } from '../../ui/form-field.tsx';
import { AdForm, AdPageOptions } from './ad-form.tsx';
import styles from './admin-console.module.css';
import { useAdCreatives, useDeleteAdCreative } from './api/admin-queries.ts';
import { ConfirmButton } from './console-forms.tsx';
import { DoneText, formatTime, ListState, TableHead } from './console-parts.tsx';

/** Live now, waiting for its start, ended, or switched off. */
function adState(ad: AdminAdCreative, now: number): string {
  if (!ad.isActive) return 'Off';
  if (ad.startsAt && Date.parse(ad.startsAt) > now) return 'Scheduled';
  if (ad.endsAt && Date.parse(ad.endsAt) <= now) return 'Ended';
  return 'Live';
}

function scheduleText(ad: AdminAdCreative): string {
  if (!ad.startsAt && !ad.endsAt) return 'Always';
  const from = ad.startsAt ? formatTime(ad.startsAt) : 'now';
  return ad.endsAt ? `${from} – ${formatTime(ad.endsAt)}` : `From ${from}`;
}

const clickRate = (ad: AdminAdCreative): string =>
  ad.impressions === 0 ? '–' : `${((ad.clicks / ad.impressions) * 100).toFixed(1)}%`;

function DeleteAd({ ad, onDeleted }: { ad: AdminAdCreative; onDeleted: () => void }) {
  const remove = useDeleteAdCreative();
  return (
    <ConfirmButton
      button={
        <>
          Delete <span className="visually-hidden">{ad.name}</span>
        </>
      }
      title={`Delete the ad “${ad.name}” (${ad.page} / ${ad.zone})?`}
      description="It stops showing at once, and its counts go with it."
      confirmLabel="Delete ad"
      onConfirm={async () => {
        await remove.mutateAsync(ad.id);
        onDeleted();
      }}
    />
  );
}

/** One zone's ads with their state, schedule and counts. */
function AdZoneTable({
  where,
  ads,
  now,
  actions,
}: {
  /** The page and zone ('home / top'). */
  where: string;
  ads: AdminAdCreative[];
  now: number;
  actions: (ad: AdminAdCreative) => ReactNode;
}) {
  return (
    <section aria-label={where} className={styles.section}>
      <h3>{where}</h3>
      <table className={styles.table}>
        <TableHead
          columns={['Ad', 'State', 'Schedule', 'Priority', 'Impressions', 'Clicks', 'Click rate']}
          actions
        />
        <tbody>
          {ads.map((ad) => (
            <tr key={ad.id}>
              <td className={styles.wrap}>
                {ad.name}
                <div className={styles.muted}>{ad.linkUrl}</div>
              </td>
              <td>{adState(ad, now)}</td>
              <td>{scheduleText(ad)}</td>
              <td className={styles.figure}>{ad.priority}</td>
              <td className={styles.figure}>{ad.impressions.toLocaleString('en-US')}</td>
              <td className={styles.figure}>{ad.clicks.toLocaleString('en-US')}</td>
              <td className={styles.figure}>{clickRate(ad)}</td>
              <td>
                <div className={styles.actions}>{actions(ad)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Ad creatives (POST /ads/addOrUpdate, DELETE /ads/delete/{id}) by page and zone, with their counts. */
export function AdsScreen() {
  const ads = useAdCreatives();
  const [editing, setEditing] = useState<AdminAdCreative | null>(null);
  // The form starts over when another ad (or a new one) is picked, not when the edited one is saved.
  const [formKey, setFormKey] = useState(0);
  const [pageFilter, setPageFilter] = useState('');
  const [saved, setSaved] = useState<string | null>(null);

  const start = (ad: AdminAdCreative | null) => {
    setEditing(ad);
    setFormKey((key) => key + 1);
    setSaved(null);
  };
  const now = Date.now();

  return (
    <section aria-labelledby="admin-ads-heading" className={styles.screen}>
      <h2 id="admin-ads-heading">Ads</h2>
      <AdForm
        key={formKey}
        ad={editing}
        onSaving={() => setSaved(null)}
        onSaved={(ad) => {
          setSaved(`${ad.name} is saved.`);
          setEditing(ad);
        }}
        onNew={() => start(null)}
      />
      <DoneText>{saved}</DoneText>
      <div className={styles.filters}>
        <FormField label="Show page">
          {(control) => (
            <SelectInput
              {...control}
              value={pageFilter}
              onChange={(event) => setPageFilter(event.target.value)}
            >
              <option value="">Every page</option>
              <AdPageOptions />
            </SelectInput>
          )}
        </FormField>
      </div>
      <ListState
        query={ads}
        label="ads"
        empty="No ads yet. Add one above; a zone without a live ad shows nothing."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => {
          const shown = data.results.filter((ad) => !pageFilter || ad.page === pageFilter);
          if (shown.length === 0) return <p className={styles.empty}>No ads on this page yet.</p>;
          // The list comes ordered by page and zone: one table per zone.
          const groups = new Map<string, AdminAdCreative[]>();
          for (const ad of shown) {
            const key = `${ad.page} / ${ad.zone}`;
            groups.set(key, [...(groups.get(key) ?? []), ad]);
          }
          return [...groups].map(([where, zoneAds]) => (
            <AdZoneTable
              key={where}
              where={where}
              ads={zoneAds}
              now={now}
              actions={(ad) => (
                <>
                  <Button size="sm" variant="secondary" onClick={() => start(ad)}>
                    Edit <span className="visually-hidden">{ad.name}</span>
                  </Button>
                  <DeleteAd
                    ad={ad}
                    onDeleted={() => {
                      if (editing?.id === ad.id) start(null);
                    }}
                  />
                </>
              )}
            />
          ));
        }}
      </ListState>
    </section>
  );
}
