import { useId } from 'react';
import { Link } from 'react-router';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import {
  auctionCardBadge,
  buyAction,
  cardThumbnail,
  formatPrice,
  hasBoldTitle,
  hasBorder,
  isFeatured,
  isHighlighted,
  isInStock,
  PRODUCT_CARD_HEIGHT_PX,
  shippingMessage,
  showsInstantCheckout,
  showsSalesCount,
  truncateTitle,
} from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useBuyNow } from '../../lib/cart/use-buy-now.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { FavoriteToggle } from './favorite-toggle.tsx';
import { ListingImage } from './lazy-image.tsx';
import { CARD_IMAGE_SIZES } from './media-url.ts';
import styles from './product-card.module.css';

export interface ProductCardProps {
  listing: ListingCard;
  /** Load the image at once with high priority (the first cards of a featured grid). */
  critical?: boolean;
}

const salesLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'sale' : 'sales'}`;

/** The listing tile: 514 px tall, image, title, shipping, seller, price, actions. */
export function ProductCard({ listing, critical = false }: ProductCardProps) {
  const buyNow = useBuyNow();
  const shipping = shippingMessage(listing.deliveryDays);
  const thumbnail = cardThumbnail(listing);
  const featured = isFeatured(listing.listingOptions);
  const instantCheckout = showsInstantCheckout(listing);
  // Time left is counted by this browser's clock once the page is live, so hydration matches the server's page.
  const hydrated = useHydrated();
  const auction = listing.auction
    ? auctionCardBadge(listing.auction, listing.displayPrice, hydrated ? Date.now() : null)
    : null;
  // An auction that has ended takes no bids: its card leads to its page.
  const action = auction?.ended ? 'seeMore' : buyAction(listing.listingType);
  // Out-of-stock listings stay in results (a shopper may still look or favorite) but cannot be bought.
  const inStock = isInStock(listing.quantity);
  const stockId = useId();
  return (
    <article
      className={styles.card}
      style={{ height: PRODUCT_CARD_HEIGHT_PX }}
      data-border={hasBorder(listing.listingOptions) || undefined}
      data-highlight={isHighlighted(listing.listingOptions) || undefined}
      data-testid="product-card"
      data-out-of-stock={inStock ? undefined : ''}
    >
      <Link to={listing.listingURL} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <ListingImage
          src={thumbnail}
          alt=""
          critical={critical}
          sizes={CARD_IMAGE_SIZES}
          className={styles.image}
        />
      </Link>
      {featured || instantCheckout ? (
        <ul className={styles.badges} aria-label="Badges">
          {instantCheckout ? <li className={styles.instant}>Instant Checkout</li> : null}
          {featured ? <li className={styles.featured}>Featured</li> : null}
        </ul>
      ) : null}
      <div className={styles.body}>
        <h3 className={styles.title} data-bold={hasBoldTitle(listing.listingOptions) || undefined}>
          <Link to={listing.listingURL} title={listing.title}>
            {truncateTitle(listing.title)}
          </Link>
        </h3>
        {shipping ? <p className={styles.shipping}>{shipping}</p> : null}
        <p className={styles.seller}>
          <Link to={paths.sellerSearch(listing.userId)}>{listing.displayName}</Link>
          {showsSalesCount(listing.totalCompletedSales) ? (
            <span className={styles.sales} data-numeric="">
              {salesLabel(listing.totalCompletedSales)}
            </span>
          ) : null}
        </p>
        <p className={styles.price} data-numeric="">
          {formatPrice(listing.displayPrice)}
          {inStock ? null : (
            <span id={stockId} className={styles.outOfStock}>
              Out of stock
            </span>
          )}
        </p>
        {auction ? (
          <p className={styles.auction} data-ended={auction.ended || undefined} data-numeric="">
            {auction.text}
          </p>
        ) : null}
        <div className={styles.actions}>
          {action === 'buyNow' ? (
            <Button
              className={styles.buy}
              aria-label={`Buy now: ${listing.title}`}
              disabled={!inStock}
              aria-describedby={inStock ? undefined : stockId}
              onClick={() =>
                buyNow({
                  id: listing.id,
                  price: listing.displayPrice,
                  title: listing.title,
                  imageUrl: thumbnail,
                  category: listing.family,
                  sellerStockNumber: listing.sellerStockNumber,
                  upc: listing.upc,
                  sku: listing.sku,
                  productUrl: listing.listingURL,
                })
              }
            >
              Buy now
            </Button>
          ) : (
            <LinkButton to={listing.listingURL} variant="secondary" className={styles.buy}>
              {/* The title is read out (and counted as the link's text) but not shown: the label alone names no listing. */}
              {action === 'bid' ? 'Place a bid' : 'See more'}
              <span className="visually-hidden">: {listing.title}</span>
            </LinkButton>
          )}
          <FavoriteToggle listing={listing} />
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder of the same size, for loading grids (no layout shift). */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} style={{ height: PRODUCT_CARD_HEIGHT_PX }} aria-hidden="true">
      <span className={`skeleton ${styles.image}`} />
      <div className={styles.body}>
        <span className="skeleton" style={{ height: '2.5em' }} />
        <span className="skeleton" style={{ height: '1em', width: '50%' }} />
        <span className="skeleton" style={{ height: '1em', width: '70%' }} />
        <span className="skeleton" style={{ height: '1.5em', width: '40%' }} />
        <div className={styles.actions}>
          <span className="skeleton" style={{ height: 40, flex: 1 }} />
          <span className="skeleton" style={{ height: 40, width: 40 }} />
        </div>
      </div>
    </div>
  );
}
