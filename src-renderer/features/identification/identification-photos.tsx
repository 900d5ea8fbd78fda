import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_TYPES } from '../../../shared/contract/endpoint.ts';
import { MAX_IDENTIFICATION_IMAGES } from '../../../shared/contract/identification.ts';
import { MAX_LISTING_IMAGE_BYTES } from '../../../shared/contract/listing-input.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button } from '../../ui/button.tsx';
import { DropZone, DropZoneMessages, FileChooser } from '../../ui/file-picker.tsx';
import styles from './identification.module.css';

/** A photo chosen for the identification, with its preview while the page shows it. */
export interface IdentificationPhoto {
  key: string;
  file: File;
  previewUrl: string | null;
}

const MAX_MB = MAX_LISTING_IMAGE_BYTES / (1024 * 1024);
// A phone's HEIC photo is offered as JPEG by the browser when the picker does not ask for HEIC.
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;
const isPhoto = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) || (file.type === '' && IMAGE_NAME.test(file.name));

let nextKey = 0;

/** Adds the files that are photos the server takes, up to the limit; says why any other was left out. */
export function addIdentificationPhotos(
  photos: readonly IdentificationPhoto[],
  files: readonly File[],
  preview: (file: File) => string | null,
): { photos: IdentificationPhoto[]; refused: string[] } {
  const next = [...photos];
  const refused: string[] = [];
  for (const file of files) {
    if (!isPhoto(file)) refused.push(`${file.name} is not a photo the site takes (JPEG, PNG or WebP).`);
    else if (file.size > MAX_LISTING_IMAGE_BYTES) refused.push(`${file.name} is larger than ${MAX_MB} MB.`);
    else if (next.length >= MAX_IDENTIFICATION_IMAGES)
      refused.push(
        `${file.name} was left out: an identification takes at most ${MAX_IDENTIFICATION_IMAGES} photos.`,
      );
    else {
      nextKey += 1;
      next.push({ key: `photo-${nextKey}`, file, previewUrl: preview(file) });
    }
  }
  return { photos: next, refused };
}

const preview = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const release = (photo: IdentificationPhoto) => {
  if (photo.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(photo.previewUrl);
};

export interface IdentificationPhotosProps {
  photos: readonly IdentificationPhoto[];
  onChange: (photos: IdentificationPhoto[]) => void;
  /** Why the photos cannot be sent (none chosen), shown under the zone. */
  error?: string | null;
  errorId: string;
  disabled?: boolean;
}

/**
 * The photos of an identification: dropped, chosen, taken with a phone's camera or, on the desktop
 * client, picked with the system's own picker; each shown small with a button to remove it.
 */
export function IdentificationPhotos({
  photos,
  onChange,
  error,
  errorId,
  disabled,
}: IdentificationPhotosProps) {
  const platform = usePlatform();
  const [refused, setRefused] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useRef(photos);
  shown.current = photos;

  // The previews are let go with the page.
  useEffect(() => () => shown.current.forEach(release), []);

  function add(files: readonly File[]) {
    const result = addIdentificationPhotos(photos, files, preview);
    setRefused(result.refused);
    const added = result.photos.length - photos.length;
    if (added > 0) {
      onChange(result.photos);
      setAnnouncement(
        `${added} ${added === 1 ? 'photo' : 'photos'} added. ${result.photos.length} of ${MAX_IDENTIFICATION_IMAGES}.`,
      );
    }
  }

  function remove(index: number) {
    const photo = photos[index];
    if (!photo) return;
    release(photo);
    const next = photos.filter((other) => other.key !== photo.key);
    onChange(next);
    setRefused([]);
    setAnnouncement(`${photo.file.name} removed. ${next.length} of ${MAX_IDENTIFICATION_IMAGES}.`);
    // Focus stays in the list: on the next photo's button, or the one before it.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
      buttons?.[Math.min(index, buttons.length - 1)]?.focus();
    });
  }

  const full = photos.length >= MAX_IDENTIFICATION_IMAGES;
  const off = disabled || full;
  return (
    <div className={styles.photos}>
      <DropZone
        label="Photos of the firearm"
        icon={ImagePlus}
        hint={
          <>
            Drag photos here, or choose them. Up to {MAX_IDENTIFICATION_IMAGES} photos (JPEG, PNG or WebP, at
            most {MAX_MB} MB each): both sides, the markings on the slide or barrel, and the caliber stamp.
            Location data is removed from every photo.
          </>
        }
        chooseLabel="Choose photos"
        kind="identificationPhotos"
        onFiles={add}
        onPickError={(pickError) =>
          setRefused([pickError instanceof Error ? pickError.message : 'The photos could not be opened.'])
        }
        disabled={disabled}
        full={full}
        errorId={error ? errorId : undefined}
      >
        {platform.kind === 'web' ? (
          // A phone opens its camera for this one; a computer shows its file chooser.
          <span className={styles.camera}>
            <FileChooser
              label={
                <>
                  <Camera size={16} aria-hidden="true" /> Take a photo
                </>
              }
              accept="image/*"
              capture="environment"
              disabled={off}
              onFiles={add}
            />
          </span>
        ) : null}
        <p className={styles.count} data-numeric="">
          {photos.length} of {MAX_IDENTIFICATION_IMAGES} photos
        </p>
      </DropZone>
      <DropZoneMessages errorId={errorId} error={error} refused={refused} announcement={announcement} />
      {photos.length > 0 ? (
        <ul ref={listRef} className={styles.thumbs} aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <li key={photo.key} className={styles.thumb}>
              {photo.previewUrl ? (
                <img src={photo.previewUrl} alt="" />
              ) : (
                <span aria-hidden="true">{photo.file.name.slice(0, 1)}</span>
              )}
              <span className={styles.thumbName}>{photo.file.name}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${photo.file.name}`}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
