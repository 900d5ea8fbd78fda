import { useRef } from 'react';
import { Link } from 'react-router';
import { FAVORITES_MAX, type Favorite } from '../../../shared/contract/favorites.ts';
import { type FavoriteChanges, favoriteChanges } from '../../../shared/domain/favorites.ts';
import { cardThumbnail, formatPrice } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import {
  type StoredFavorite,
  useFavoriteActions,
  useFavorites,
} from '../../lib/favorites/favorites-store.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useServerFavorites } from './api/use-server-favorites.ts';
import styles from './favorites.module.css';
import { NO_FAVORITES } from './favorites-copy.ts';

type Tone = 'good' | 'bad' | 'neutral';

/** What changed since the favorite was added, as short lines for the buyer. */
export function changeLines(changes: FavoriteChanges): { text: string; tone: Tone }[] {
  const lines: { text: string; tone: Tone }[] = [];
  const { price, stock } = changes;
  if (price.direction === 'down')
    lines.push({
      text: `Price dropped ${formatPrice(price.difference)} (was ${formatPrice(price.was)})`,
      tone: 'good',
    });
  else if (price.direction === 'up')
    lines.push({
      text: `Price up ${formatPrice(price.difference)} (was ${formatPrice(price.was)})`,
      tone: 'bad',
    });
  switch (stock.kind) {
    case 'unavailable':
      lines.push({ text: 'No longer for sale', tone: 'bad' });
      break;
    case 'soldOut':
      lines.push({ text: `Out of stock (${stock.was} available when added)`, tone: 'bad' });
      break;
    case 'backInStock':
      lines.push({ text: `Back in stock: ${stock.now} available`, tone: 'good' });
      break;
    case 'fewer':
      lines.push({ text: `Only ${stock.now} left (${stock.was} when added)`, tone: 'neutral' });
      break;
    case 'more':
      lines.push({ text: `${stock.now} available (${stock.was} when added)`, tone: 'good' });
      break;
    case 'same':
      break;
  }
  return lines;
}

const addedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function FavoriteRow({
  favorite,
  server,
  unsaved,
  onRemove,
}: {
  favorite: StoredFavorite;
  server: Favorite | undefined;
  unsaved: boolean;
  onRemove: () => void;
}) {
  const { apiOrigin } = usePlatform();
  const { card } = favorite;
  const thumbnail = cardThumbnail(card);
  const lines = server
    ? changeLines(
        favoriteChanges({
          priceWhenAdded: server.priceWhenAdded,
          quantityWhenAdded: server.quantityWhenAdded,
          price: server.searchResult.displayPrice,
          quantity: server.searchResult.quantity,
          available: server.available,
        }),
      )
    : [];
  const titleId = `favorite-${card.id}`;
  return (
    <li className={styles.row} aria-labelledby={titleId}>
      {thumbnail ? (
        <img
          className={styles.thumb}
          src={thumbnail.startsWith('/') ? `${apiOrigin}${thumbnail}` : thumbnail}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <div>
        <h2 id={titleId} className={styles.rowTitle}>
          <Link to={card.listingURL}>{card.title}</Link>
        </h2>
        <p className={styles.muted}>
          Sold by {card.displayName} · added {addedOn(favorite.addedAt)}
        </p>
        <p className={styles.price} data-numeric="">
          {formatPrice(server?.searchResult.displayPrice ?? card.displayPrice)}
        </p>
        {lines.length > 0 ? (
          <ul className={styles.changes} aria-label="Changes since added">
            {lines.map((line) => (
              <li key={line.text} className={styles.change} data-tone={line.tone}>
                {line.text}
              </li>
            ))}
          </ul>
        ) : server ? (
          <p className={styles.muted}>No change in price or stock since added.</p>
        ) : null}
        {unsaved ? (
          <p className={styles.muted}>
            Kept on this device; it will be saved to your account when we can reach it.
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove ${card.title} from favorites`}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * The favorites page (`/dashboard/buying/favorites`): every favorite with its price and stock
 * changes since it was added. The list is the browser's (so a change the server has not taken yet
 * shows); the changes come from the server's copy.
 */
export function FavoritesList() {
  const server = useServerFavorites({ fresh: true });
  const { favorites, count, pending } = useFavorites();
  const { remove } = useFavoriteActions();
  const list = useRef<HTMLDivElement>(null);
  const byListing = new Map(server.data?.results.map((favorite) => [favorite.listingId, favorite]));

  if (server.isPending && count === 0) {
    return (
      <LoadingRegion label="Loading your favorites">
        <div className={styles.cards}>
          <Skeleton height="7.5rem" />
          <Skeleton height="7.5rem" />
        </div>
      </LoadingRegion>
    );
  }
  return (
    // Focus lands here when a removed row takes its button away.
    <div ref={list} className={styles.cards} tabIndex={-1}>
      {server.isError ? (
        <div className={styles.empty}>
          <FormError>Your favorites could not be loaded. Please try again.</FormError>
          <Button size="sm" onClick={() => void server.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {count === 0 ? (
        server.isError ? null : (
          <div className={styles.empty}>
            <p>{NO_FAVORITES}</p>
            <p>Use the heart on any listing to keep it here, up to {FAVORITES_MAX} at a time.</p>
            <LinkButton to={paths.search()} size="sm">
              Browse listings
            </LinkButton>
          </div>
        )
      ) : (
        <>
          <p className={styles.muted} data-numeric="">
            {count} of {FAVORITES_MAX} favorites
          </p>
          <ul className={styles.cards} aria-label="Favorites">
            {favorites.map((favorite) => (
              <FavoriteRow
                key={favorite.card.id}
                favorite={favorite}
                server={byListing.get(favorite.card.id)}
                unsaved={pending[favorite.card.id] === 'add'}
                onRemove={() => {
                  remove(favorite.card.id);
                  list.current?.focus();
                }}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
