import { useState } from 'react';
import type { AdCreativeInput, AdminAdCreative } from '../../../shared/contract/ads.ts';
import { AD_LOCATIONS } from '../../../shared/domain/ads.ts';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useSaveAdCreative } from './api/admin-queries.ts';
import { SaveActions, TextField, useFormSubmit } from './console-forms.tsx';
import { AlertText, isoOf, localInputOf } from './console-parts.tsx';

const AD_PAGES = Object.keys(AD_LOCATIONS);

/** The pages that show ads, as a select's options. */
export function AdPageOptions() {
  return AD_PAGES.map((page) => (
    <option key={page} value={page}>
      {page}
    </option>
  ));
}
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

/** The form of one ad: new (`ad` null) or an existing one; a refused save keeps what was typed. */
export function AdForm({
  ad,
  onSaving,
  onSaved,
  onNew,
}: {
  ad: AdminAdCreative | null;
  /** Called as the ad is sent (the last notice is then out of date). */
  onSaving: () => void;
  onSaved: (ad: AdminAdCreative) => void;
  onNew: () => void;
}) {
  const save = useSaveAdCreative();
  const [draft, setDraft] = useState<AdDraft>(ad ? draftOf(ad) : EMPTY_DRAFT);
  const { error, submit } = useFormSubmit();
  const set = (changes: Partial<AdDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const heading = ad ? `Edit ${ad.name}` : 'New ad';

  return (
    <form
      aria-label={heading}
      className={styles.section}
      onSubmit={submit(async () => {
        onSaving();
        const saved = await save.mutateAsync(requestOf(draft, ad?.id));
        setDraft(draftOf(saved));
        onSaved(saved);
      })}
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
              <AdPageOptions />
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
        <TextField
          label="Name"
          help="For this console; visitors never see it."
          error={error?.fields.name}
          required
          maxLength={100}
          value={draft.name}
          onValue={(name) => set({ name })}
        />
        <TextField
          label="Image address"
          help="A path on this site (/…) or an https:// image, at the zone’s size."
          error={error?.fields.imageUrl}
          required
          value={draft.imageUrl}
          onValue={(imageUrl) => set({ imageUrl })}
        />
        <TextField
          label="Link"
          help="Where a click leads: a path on this site or an https:// address."
          error={error?.fields.linkUrl}
          required
          value={draft.linkUrl}
          onValue={(linkUrl) => set({ linkUrl })}
        />
        <TextField
          label="Image description"
          help="Read out in place of the image."
          error={error?.fields.altText}
          required
          maxLength={200}
          value={draft.altText}
          onValue={(altText) => set({ altText })}
        />
        <TextField
          label="Priority"
          help="Higher shows first in its zone."
          error={error?.fields.priority}
          type="number"
          min={-1000}
          max={1000}
          step={1}
          value={draft.priority}
          onValue={(priority) => set({ priority })}
        />
        <TextField
          label="Starts"
          optional
          help="Empty: at once."
          error={error?.fields.startsAt}
          type="datetime-local"
          value={draft.startsAt}
          onValue={(startsAt) => set({ startsAt })}
        />
        <TextField
          label="Ends"
          optional
          help="Empty: no end."
          error={error?.fields.endsAt}
          type="datetime-local"
          value={draft.endsAt}
          onValue={(endsAt) => set({ endsAt })}
        />
      </div>
      <Checkbox
        label="Active (shown while inside its schedule)"
        checked={draft.isActive}
        onChange={(event) => set({ isActive: event.target.checked })}
      />
      <AlertText>{error?.message}</AlertText>
      <SaveActions
        saving={save.isPending}
        submitLabel={ad ? 'Save ad' : 'Add ad'}
        onNew={ad ? onNew : undefined}
        newLabel="New ad instead"
      />
    </form>
  );
}
