import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { DropZone, DropZoneMessages } from '../../ui/file-picker.tsx';
import { LISTING_PHOTO_LIMIT, LISTING_PHOTO_MAX_MB } from './listing-form-fields.ts';
import styles from './photo-list.module.css';
import { addPhotos, makeMainPhoto, movePhoto, type PhotoItem } from './photo-list-state.ts';

export interface PhotoListProps {
  photos: readonly PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  /** Removes a photo: a saved one is deleted on the server first. */
  onRemove: (photo: PhotoItem) => void;
  /** Upload progress per photo key (0..1) while the listing is sent. */
  progress?: Readonly<Record<string, number>> | null;
  /** Keys of photos being removed. */
  removing?: ReadonlySet<string>;
  error?: string | null;
  disabled?: boolean;
}

type FocusTarget = { key: string; action: 'earlier' | 'later' };

const preview = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/** Photos of a listing: drop, choose or pick them; reorder, choose the main one, remove. */
export function PhotoList({
  photos,
  onChange,
  onRemove,
  progress,
  removing,
  error,
  disabled,
}: PhotoListProps) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!focusTarget || !listRef.current) return;
    const item = listRef.current.querySelector(`[data-photo-key="${focusTarget.key}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${focusTarget.action}"]`);
    const fallback = item?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function add(files: readonly File[]) {
    if (files.length === 0) return;
    const result = addPhotos(photos, files, preview);
    setRefused(result.refused);
    const added = result.photos.length - photos.length;
    if (added > 0) {
      onChange(result.photos);
      setAnnouncement(
        `${added} ${added === 1 ? 'photo' : 'photos'} added. ${result.photos.length} of ${LISTING_PHOTO_LIMIT}.`,
      );
    }
  }

  function move(index: number, offset: number, action: FocusTarget['action']) {
    const photo = photos[index];
    if (!photo) return;
    const next = movePhoto(photos, index, offset);
    onChange(next);
    setAnnouncement(`${photo.name} moved to position ${next.indexOf(photo) + 1} of ${next.length}.`);
    setFocusTarget({ key: photo.key, action });
  }

  function makeMain(index: number) {
    const photo = photos[index];
    if (!photo) return;
    onChange(makeMainPhoto(photos, index));
    setAnnouncement(`${photo.name} is now the main photo.`);
    setFocusTarget({ key: photo.key, action: 'later' });
  }

  function pickFailed(pickError: unknown) {
    setRefused([pickError instanceof Error ? pickError.message : 'The photos could not be opened.']);
  }

  const full = photos.length >= LISTING_PHOTO_LIMIT;
  const errorId = `${id}-error`;
  return (
    <div className={styles.photos}>
      <DropZone
        label="Add photos"
        icon={ImagePlus}
        hint={
          <>
            Drag photos here, or choose them. Up to {LISTING_PHOTO_LIMIT} photos (JPEG, PNG or WebP, at most{' '}
            {LISTING_PHOTO_MAX_MB} MB each). The first photo is the main photo.
          </>
        }
        chooseLabel="Choose photos"
        kind="listingPhotos"
        onFiles={add}
        onPickError={pickFailed}
        disabled={disabled}
        full={full}
        errorId={error ? errorId : undefined}
      >
        <p className={styles.count} aria-live="off">
          {photos.length} of {LISTING_PHOTO_LIMIT} photos
        </p>
      </DropZone>
      <DropZoneMessages errorId={errorId} error={error} refused={refused} announcement={announcement} />
      {photos.length > 0 ? (
        <ol ref={listRef} className={styles.list} aria-label="Photos, main photo first">
          {photos.map((photo, index) => {
            const src = photo.kind === 'saved' ? photo.image.src : photo.previewUrl;
            const sent = progress?.[photo.key];
            const busy = removing?.has(photo.key) ?? false;
            return (
              <li key={photo.key} data-photo-key={photo.key} className={styles.item}>
                <div className={styles.thumb}>
                  {src ? <img src={src} alt="" /> : <span aria-hidden="true">{photo.name.slice(0, 1)}</span>}
                </div>
                <div className={styles.meta}>
                  <span className={styles.name}>
                    {index === 0 ? (
                      <span className={styles.mainBadge}>
                        <Star size={12} aria-hidden="true" /> Main photo
                      </span>
                    ) : null}
                    {photo.name}
                  </span>
                  {sent !== undefined ? (
                    <progress
                      className={styles.progress}
                      max={1}
                      value={sent}
                      aria-label={`Upload of ${photo.name}`}
                    >
                      {Math.round(sent * 100)}%
                    </progress>
                  ) : null}
                </div>
                <div className={styles.buttons}>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-action="earlier"
                    aria-label={`Move ${photo.name} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1, 'earlier')}
                  >
                    <ArrowUp size={16} aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-action="later"
                    aria-label={`Move ${photo.name} later`}
                    disabled={disabled || index === photos.length - 1}
                    onClick={() => move(index, 1, 'later')}
                  >
                    <ArrowDown size={16} aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Make ${photo.name} the main photo`}
                    disabled={disabled || index === 0}
                    onClick={() => makeMain(index)}
                  >
                    Main
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${photo.name}`}
                    disabled={disabled || busy}
                    aria-busy={busy}
                    onClick={() => onRemove(photo)}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
