import type { ListingInput } from '../../../shared/contract/listing-input.ts';

/** A listing form kept in the browser between visits; photos are not kept. */
export interface ListingDraft {
  savedAt: string;
  values: Partial<ListingInput>;
}

/** One draft for a new listing, and one per listing being edited. */
export function listingDraftKey(listingId: string | null): string {
  return listingId ? `listingDraft:${listingId}` : 'listingDraft';
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off; the form then simply keeps no draft.
    return null;
  }
}

export function readListingDraft(key: string): ListingDraft | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<ListingDraft>;
    if (typeof draft.savedAt !== 'string' || typeof draft.values !== 'object' || draft.values === null)
      return null;
    return { savedAt: draft.savedAt, values: draft.values };
  } catch {
    return null;
  }
}

export function writeListingDraft(key: string, values: Partial<ListingInput>, now = new Date()): void {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), values }));
  } catch {
    // A full storage only loses the draft, never the form.
  }
}

export function discardListingDraft(key: string): void {
  storage()?.removeItem(key);
}
