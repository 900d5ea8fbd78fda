import { useState } from 'react';
import type { AdCreativeInput, AdminAdCreative } from '../../../shared/contract/ads.ts';
import { AD_LOCATIONS } from '../../../shared/domain/ads.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useAdCreatives, useDeleteAdCreative, useSaveAdCreative } from './api/admin-queries.ts';
import { ConfirmDialog, errorText, formatTime, isoOf, ListState, localInputOf } from './console-parts.tsx';

const AD_PAGES = Object.keys(AD_LOCATIONS);
const zonesOf = (page: string): string[] => Object.keys(AD_LOCATIONS[page] ?? {});

const SCREEN_LABELS = { mobile: 'small screens', desktop: 'larger screens', all: 'every screen' } as const;

/** A zone as the form offers it: its name, reserved size and the screens it shows on. */
function zoneLabel(page: string, zone: string): string {
  const size = AD_LOCATIONS[page]?.[zone];
  return size ? `${zone} (${size.width}×${size.height}, ${SCREEN_LABELS[size.screens]})` : zone;
}

/** What the ad form edits, as typed; the schedule in the browser's local time. */
interface AdDraft {
  page: string;
  zone: string;
  name: string;
  imageUrl: string;
  linkUrl: string;
  altText: string;
  priority: string;
  isActive: boolean;
  startsAt: string;
  endsAt: string;
}

const FIRST_PAGE = AD_PAGES[0] ?? 'home';

const EMPTY_DRAFT: AdDraft = {
  page: FIRST_PAGE,
  zone: zonesOf(FIRST_PAGE)[0] ?? '',
  name: '',
  imageUrl: '',
  linkUrl: '',
  altText: '',
  priority: '0',
  isActive: true,
  startsAt: '',
  endsAt: '',
};

const draftOf = (ad: AdminAdCreative): AdDraft => ({
  page: ad.page,
  zone: ad.zone,
  name: ad.name,
  imageUrl: ad.imageUrl,
  linkUrl: ad.linkUrl,
  altText: ad.altText,
  priority: String(ad.priority),
  isActive: ad.isActive,
  startsAt: localInputOf(ad.startsAt),
  endsAt: localInputOf(ad.endsAt),
});

function requestOf(draft: AdDraft, id: string | undefined): AdCreativeInput {
  return {
    ...(id ? { id } : {}),
    page: draft.page,
    zone: draft.zone,
    name: draft.name.trim(),
    imageUrl: draft.imageUrl.trim(),
    linkUrl: draft.linkUrl.trim(),
    altText: draft.altText.trim(),
    priority: Number.parseInt(draft.priority, 10) || 0,
    isActive: draft.isActive,
    startsAt: isoOf(draft.startsAt),
    endsAt: isoOf(draft.endsAt),
  };
}

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
  const [open, setOpen] = useState(false);
  const remove = useDeleteAdCreative();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Delete <span className="visually-hidden">{ad.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete the ad “${ad.name}” (${ad.page} / ${ad.zone})?`}
        description="It stops showing at once, and its counts go with it."
        confirmLabel="Delete ad"
        onConfirm={async () => {
          await remove.mutateAsync(ad.id);
          onDeleted();
        }}
      />
    </>
  );
}

/** Ad creatives (POST /ads/addOrUpdate, DELETE /ads/delete/{id}) by page and zone, with their counts. */
export function AdsScreen() {
  const ads = useAdCreatives();
  const save = useSaveAdCreative();
  const [editing, setEditing] = useState<AdminAdCreative | null>(null);
  const [draft, setDraft] = useState<AdDraft>(EMPTY_DRAFT);
  const [pageFilter, setPageFilter] = useState('');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const set = (changes: Partial<AdDraft>) => setDraft((current) => ({ ...current, ...changes }));

  const start = (ad: AdminAdCreative | null) => {
    setEditing(ad);
    setDraft(ad ? draftOf(ad) : EMPTY_DRAFT);
    setError(null);
    setSaved(null);
  };
  const heading = editing ? `Edit ${editing.name}` : 'New ad';
  const now = Date.now();

  return (
    <section aria-labelledby="admin-ads-heading" className={styles.screen}>
      <h2 id="admin-ads-heading">Ads</h2>
      <form
        aria-label={heading}
        className={styles.section}
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setSaved(null);
          try {
            const ad = await save.mutateAsync(requestOf(draft, editing?.id));
            setSaved(`${ad.name} is saved.`);
            setEditing(ad);
            setDraft(draftOf(ad));
          } catch (failure) {
            setError({
              message: errorText(failure),
              fields: (failure as { fields?: Record<string, string> }).fields ?? {},
            });
          }
        }}
      >
        <h3>{heading}</h3>
        <div className={styles.formGrid}>
          <FormField label="Page" error={error?.fields.page}>
            {(control) => (
              <SelectInput
                {...control}
                value={draft.page}
                onChange={(event) =>
                  set({ page: event.target.value, zone: zonesOf(event.target.value)[0] ?? '' })
                }
              >
                {AD_PAGES.map((page) => (
                  <option key={page} value={page}>
                    {page}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Zone" error={error?.fields.zone}>
            {(control) => (
              <SelectInput
                {...control}
                value={draft.zone}
                onChange={(event) => set({ zone: event.target.value })}
              >
                {zonesOf(draft.page).map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(draft.page, zone)}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Name" help="For this console; visitors never see it." error={error?.fields.name}>
            {(control) => (
              <TextInput
                {...control}
                required
                maxLength={100}
                value={draft.name}
                onChange={(event) => set({ name: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            label="Image address"
            help="A path on this site (/…) or an https:// image, at the zone’s size."
            error={error?.fields.imageUrl}
          >
            {(control) => (
              <TextInput
                {...control}
                required
                value={draft.imageUrl}
                onChange={(event) => set({ imageUrl: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            label="Link"
            help="Where a click leads: a path on this site or an https:// address."
            error={error?.fields.linkUrl}
          >
            {(control) => (
              <TextInput
                {...control}
                required
                value={draft.linkUrl}
                onChange={(event) => set({ linkUrl: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            label="Image description"
            help="Read out in place of the image."
            error={error?.fields.altText}
          >
            {(control) => (
              <TextInput
                {...control}
                required
                maxLength={200}
                value={draft.altText}
                onChange={(event) => set({ altText: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Priority" help="Higher shows first in its zone." error={error?.fields.priority}>
            {(control) => (
              <TextInput
                {...control}
                type="number"
                min={-1000}
                max={1000}
                step={1}
                value={draft.priority}
                onChange={(event) => set({ priority: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Starts" optional help="Empty: at once." error={error?.fields.startsAt}>
            {(control) => (
              <TextInput
                {...control}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(event) => set({ startsAt: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Ends" optional help="Empty: no end." error={error?.fields.endsAt}>
            {(control) => (
              <TextInput
                {...control}
                type="datetime-local"
                value={draft.endsAt}
                onChange={(event) => set({ endsAt: event.target.value })}
              />
            )}
          </FormField>
        </div>
        <Checkbox
          label="Active (shown while inside its schedule)"
          checked={draft.isActive}
          onChange={(event) => set({ isActive: event.target.checked })}
        />
        {error ? (
          <p role="alert" className={styles.error}>
            {error.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save ad' : 'Add ad'}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={() => start(null)}>
              New ad instead
            </Button>
          ) : null}
        </div>
      </form>
      {saved ? (
        <p role="status" className={styles.done}>
          {saved}
        </p>
      ) : null}
      <div className={styles.filters}>
        <FormField label="Show page">
          {(control) => (
            <SelectInput
              {...control}
              value={pageFilter}
              onChange={(event) => setPageFilter(event.target.value)}
            >
              <option value="">Every page</option>
              {AD_PAGES.map((page) => (
                <option key={page} value={page}>
                  {page}
                </option>
              ))}
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
            <section key={where} aria-label={where} className={styles.section}>
              <h3>{where}</h3>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Ad</th>
                    <th scope="col">State</th>
                    <th scope="col">Schedule</th>
                    <th scope="col">Priority</th>
                    <th scope="col">Impressions</th>
                    <th scope="col">Clicks</th>
                    <th scope="col">Click rate</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {zoneAds.map((ad) => (
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
                        <div className={styles.actions}>
                          <Button size="sm" variant="secondary" onClick={() => start(ad)}>
                            Edit <span className="visually-hidden">{ad.name}</span>
                          </Button>
                          <DeleteAd
                            ad={ad}
                            onDeleted={() => {
                              if (editing?.id === ad.id) start(null);
                            }}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ));
        }}
      </ListState>
    </section>
  );
}
