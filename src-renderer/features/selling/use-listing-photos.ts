import { useState } from 'react';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { deleteListingImage } from './api/delete-listing-image.ts';
import { type PhotoItem, removePhoto, savedPhotos } from './photo-list-state.ts';

export interface ListingPhotos {
  /** The photos in the order shown, main photo first: the listing's saved ones and new files. */
  items: PhotoItem[];
  setItems: (photos: PhotoItem[]) => void;
  error: string | null;
  setError: (error: string | null) => void;
  /** Keys of the saved photos being deleted. */
  removing: ReadonlySet<string>;
  /** Upload progress per new photo (0..1) while the listing is sent. */
  progress: Record<string, number> | null;
  setProgress: (progress: Record<string, number> | null) => void;
  /** Takes a photo off the form; a saved one is deleted on the server first. */
  remove: (photo: PhotoItem) => Promise<void>;
}

/** The listing form's photos, starting from the listing's own. */
export function useListingPhotos(listing: ListingDetail | undefined): ListingPhotos {
  const api = useApiClient();
  const [items, setItems] = useState<PhotoItem[]>(() => savedPhotos(listing?.images ?? []));
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<Record<string, number> | null>(null);

  async function remove(photo: PhotoItem) {
    setError(null);
    if (photo.kind === 'new') {
      if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
      setItems((current) => removePhoto(current, photo.key));
      return;
    }
    setRemoving((keys) => new Set(keys).add(photo.key));
    const removed = await deleteListingImage(api, photo.image.id);
    setRemoving((keys) => {
      const next = new Set(keys);
      next.delete(photo.key);
      return next;
    });
    if (removed) setItems((current) => removePhoto(current, photo.key));
    else setError(`${photo.name} could not be removed. Please try again.`);
  }

  return { items, setItems, error, setError, removing, progress, setProgress, remove };
}
