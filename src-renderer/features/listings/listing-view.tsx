import { BadgeCheck, MapPin, ShieldAlert, Star, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListingCard, ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { familyByKey, requiresFfl } from '../../../shared/domain/category.ts';
import { toFlagNames } from '../../../shared/domain/flags.ts';
import { htmlToText } from '../../../shared/domain/html-text.ts';
import {
  CONDITION_LABELS,
  isListingListed,
  LISTING_SALE_MESSAGES,
  ListingSaleState,
  ListingType,
  listingSaleState,
  ReturnPolicy,
} from '../../../shared/domain/listing.ts';
import {
  cardThumbnail,
  formatPrice,
  isFeatured,
  shippingMessage,
  showsInstantCheckout,
  showsSalesCount,
} from '../../../shared/domain/listing-card.ts';
import { shortenText } from '../../../shared/domain/metadata.ts';
import { PaymentMethod } from '../../../shared/domain/payment.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { cartItemOf, useBuyNow } from '../../lib/cart/use-buy-now.ts';
import { familyLabelByKey } from '../../lib/family-label.ts';
import { Button } from '../../ui/button.tsx';
import { FavoriteToggle } from './favorite-toggle.tsx';
import { ListingGallery } from './listing-gallery.tsx';
import styles from './listing-view.module.css';
import { RecentSales } from './recent-sales.tsx';

export const FFL_NOTICE =
  'This firearm ships to a licensed dealer (FFL) for transfer. Choose a dealer near you at checkout; you complete the transfer and background check there.';

const RETURN_POLICY_LABELS: Readonly<Record<number, string>> = {
  [ReturnPolicy.None]: 'No returns',
  [ReturnPolicy.OneDay]: '1-day returns',
  [ReturnPolicy.ThreeDay]: '3-day returns',
  [ReturnPolicy.FiveDays]: '5-day returns',
  [ReturnPolicy.SevenDay]: '7-day returns',
  [ReturnPolicy.TenDay]: '10-day returns',
  [ReturnPolicy.FourteenDay]: '14-day returns',
  [ReturnPolicy.FifteenDay]: '15-day returns',
  [ReturnPolicy.ThirtyDay]: '30-day returns',
  [ReturnPolicy.OnlyIfDefective]: 'Returns only if defective',
  [ReturnPolicy.SeeDescription]: 'See the description',
};

const PAYMENT_LABELS: Readonly<Record<string, string>> = {
  CashOnly: 'Cash only',
  MoneyOrder: 'Money order',
  ECheck: 'eCheck',
  WireTransfer: 'Wire transfer',
  DinersClub: 'Diners Club',
};

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null;

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The listing as the card a favorite keeps, built as the server builds cards. */
function cardOf(listing: ListingDetail): ListingCard {
  return {
    id: listing.id,
    userId: listing.userId,
    title: listing.title,
    displayPrice: listing.displayPrice,
    price: listing.price,
    thumbnailPicture: listing.thumbnailPicture,
    upc: listing.upc,
    sku: listing.sku,
    sellerStockNumber: listing.sellerStockNumber,
    displayName: listing.seller.displayName,
    totalCompletedSales: listing.seller.totalCompletedSales,
    deliveryDays: listing.deliveryDays,
    liveCheckoutEnabled: listing.liveCheckoutEnabled,
    family: listing.family,
    familyId: listing.familyId,
    listingURL: listing.listingUrl,
    listingType: listing.listingType,
    listingOptions: listing.listingOptions,
    condition: listing.condition,
    rating: listing.seller.rating,
    fav: listing.fav,
    description: shortenText(htmlToText(listing.description), 200),
    quantity: listing.quantity,
    // The listing's detail does not carry an auction's standing; the favorites list from the server does.
    auction: null,
  };
}

/**
 * Everything the listing page shows about one listing. The page
 * supplies the Contact seller control (the messages feature), shown beside Buy now, and `offer`, its
 * "Make an offer" (the offers feature), shown under the buying actions.
 */
export function ListingView({
  listing,
  contactSeller,
  offer,
  auction,
  report,
}: {
  listing: ListingDetail;
  contactSeller?: ReactNode;
  offer?: ReactNode;
  /** An auction's standing and bid form (the auctions feature): it is bought by bidding, so no Buy now. */
  auction?: ReactNode;
  /** "Report this listing" (the moderation feature), under the seller. */
  report?: ReactNode;
}) {
  const buyNow = useBuyNow();
  // What a shopper may buy: units accepted offers hold for their buyers are not for sale.
  const saleState = listingSaleState({ ...listing, quantity: listing.available });
  const inStock = saleState === ListingSaleState.OnSale;
  // Off the catalogue (frozen, sold, ended…): no Buy now at all, only why.
  const listed = isListingListed(saleState);
  const onHold = saleState === ListingSaleState.SoldOut && listing.quantity > 0;
  const canBuy = inStock && listing.listingType !== ListingType.Local;
  const shipping = shippingMessage(listing.deliveryDays);
  const family = familyByKey(listing.family);
  const fflRequired = requiresFfl(listing.family);
  const thumbnail = cardThumbnail(listing);
  const payments = toFlagNames(PaymentMethod, listing.acceptedPaymentMethods)
    .filter((name) => name !== 'None')
    .map((name) => PAYMENT_LABELS[name] ?? name);
  const place = [listing.location.city, listing.location.state].filter(Boolean).join(', ');
  const sellerPlace = [listing.seller.city, listing.seller.state].filter(Boolean).join(', ');

  return (
    <article className={styles.page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol className={styles.crumbs}>
          <li>
            <Link to={paths.home()}>Home</Link>
          </li>
          {family ? (
            <li>
              <Link to={paths.search({ familyIDs: [family.id] })}>{familyLabelByKey(family.key)}</Link>
            </li>
          ) : null}
          <li aria-current="page">{listing.title}</li>
        </ol>
      </nav>

      <div className={styles.top}>
        <ListingGallery title={listing.title} images={listing.images} fallback={thumbnail} />

        <div className={styles.summary}>
          {/* The heart sits on the title's first line, on every screen width. */}
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{listing.title}</h1>
            <FavoriteToggle listing={cardOf(listing)} />
          </div>
          <ul className={styles.badges} aria-label="Badges">
            {showsInstantCheckout(listing) ? <li className={styles.instant}>Instant Checkout</li> : null}
            {isFeatured(listing.listingOptions) ? <li className={styles.featured}>Featured</li> : null}
            <li className={styles.condition}>{CONDITION_LABELS[listing.condition]}</li>
          </ul>
          {auction ? null : (
            <p className={styles.price} data-numeric="">
              {formatPrice(listing.displayPrice)}
            </p>
          )}
          <p className={styles.stock} data-in-stock={inStock}>
            {saleState === ListingSaleState.OnSale
              ? `In stock · ${listing.available.toLocaleString('en-US')} available`
              : onHold
                ? 'On hold for an accepted offer'
                : saleState === ListingSaleState.SoldOut
                  ? 'Out of stock'
                  : LISTING_SALE_MESSAGES[saleState]}
          </p>

          <div className={styles.actions}>
            {listed && listing.listingType !== ListingType.Local && !auction ? (
              <Button size="lg" disabled={!canBuy} onClick={() => buyNow(cartItemOf(listing))}>
                Buy now
              </Button>
            ) : null}
            {contactSeller}
          </div>
          {offer}
          {auction}

          {fflRequired ? (
            <p className={styles.ffl} role="note">
              <ShieldAlert size={20} aria-hidden="true" />
              <span>{FFL_NOTICE}</span>
            </p>
          ) : null}

          <section className={styles.box} aria-labelledby="listing-shipping">
            <h2 id="listing-shipping" className={styles.boxHeading}>
              <Truck size={18} aria-hidden="true" /> Shipping and delivery
            </h2>
            {listing.listingType === ListingType.Local ? (
              <p>Local pickup{place ? ` in ${place}` : ''}. Arrange the handover with the seller.</p>
            ) : (
              <dl className={styles.facts}>
                <Fact
                  label="Shipping"
                  value={listing.shippingCost > 0 ? formatPrice(listing.shippingCost) : 'Free shipping'}
                />
                <Fact
                  label="Ships within"
                  value={shipping ?? (listing.deliveryDays > 0 ? `${listing.deliveryDays} days` : null)}
                />
                <Fact label="Ships from" value={place || listing.location.zipCode} />
                <Fact label="Returns" value={RETURN_POLICY_LABELS[listing.returnPolicy]} />
                <Fact
                  label="Does not ship to"
                  value={
                    listing.excludedShipToStates.length > 0 ? listing.excludedShipToStates.join(', ') : null
                  }
                />
              </dl>
            )}
          </section>

          <section className={styles.box} aria-labelledby="listing-seller">
            <h2 id="listing-seller" className={styles.boxHeading}>
              Seller
            </h2>
            <p className={styles.sellerName}>
              <Link to={paths.sellerSearch(listing.seller.id)}>{listing.seller.displayName}</Link>
              {listing.seller.isDealer ? (
                <span className={styles.dealer}>
                  <BadgeCheck size={16} aria-hidden="true" /> Licensed dealer (FFL)
                </span>
              ) : null}
            </p>
            <ul className={styles.sellerFacts}>
              {sellerPlace ? (
                <li>
                  <MapPin size={14} aria-hidden="true" /> {sellerPlace}
                </li>
              ) : null}
              {showsSalesCount(listing.seller.totalCompletedSales) ? (
                <li data-numeric="">
                  {listing.seller.totalCompletedSales.toLocaleString('en-US')} completed sales
                </li>
              ) : null}
              {listing.seller.rating !== null ? (
                <li>
                  <Star size={14} aria-hidden="true" /> {listing.seller.rating.toFixed(1)} out of 5
                </li>
              ) : null}
            </ul>
            <Link to={paths.sellerSearch(listing.seller.id)}>More from this seller</Link>
          </section>
          {report}
        </div>
      </div>

      <div className={styles.bottom}>
        <section aria-labelledby="listing-description">
          <h2 id="listing-description" className={styles.sectionHeading}>
            Description
          </h2>
          <div
            className={styles.description}
            // Safe as HTML: the server sanitizes every description it answers with an allow-list
            // (p, br, strong, em, ul, ol, li, h3, h4, blockquote, and links to http, https or mailto
            // only, no other attribute), so no script, handler or style can reach the page.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server, see above
            dangerouslySetInnerHTML={{ __html: listing.description }}
          />
        </section>
        <div className={styles.aside}>
          <section aria-labelledby="listing-details">
            <h2 id="listing-details" className={styles.sectionHeading}>
              Details
            </h2>
            <dl className={styles.facts}>
              <Fact label="Manufacturer" value={listing.manufacturer} />
              <Fact label="Model" value={listing.model} />
              <Fact label="Caliber" value={listing.caliber} />
              <Fact label="Condition" value={CONDITION_LABELS[listing.condition]} />
              <Fact label="Category" value={familyLabelByKey(listing.family)} />
              <Fact label="Quantity available" value={listing.available} />
              <Fact label="UPC" value={listing.upc} />
              <Fact label="SKU" value={listing.sku} />
              <Fact label="Seller stock number" value={listing.sellerStockNumber} />
              <Fact label="Payment" value={payments.length > 0 ? payments.join(', ') : null} />
              <Fact label="Listed" value={dateText(listing.listingStartDate)} />
              <Fact label="Ends" value={dateText(listing.listingEndDate)} />
              <Fact label="Listing number" value={listing.listingNumber} />
            </dl>
          </section>
          <RecentSales listingId={listing.id} />
        </div>
      </div>
    </article>
  );
}
