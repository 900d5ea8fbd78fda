import { useStore } from 'jotai';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Offer, OfferEventEntry, RespondOfferRequest } from '../../../shared/contract/offers.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { OFFER_STATE_LABELS, type OfferState } from '../../../shared/domain/offers.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { putOfferInCart, rememberShoppingUrl } from '../../lib/cart/cart-store.ts';
import { parseDollars } from '../../lib/dollars.ts';
import { OFFLINE_SAVED_MESSAGE, useOutboxHandoff } from '../../lib/offline-outbox.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { Button } from '../../ui/button.tsx';
import commerce from '../../ui/commerce.module.css';
import formFieldStyles from '../../ui/form-field.module.css';
import { FormError, FormField, FormNotice, TextInput } from '../../ui/form-field.tsx';
import { type ListTab, ListTabs, Pager } from '../../ui/list-controls.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useOffers } from './api/get-offers.ts';
import { useRespondToOffer } from './api/respond-offer.ts';
import { checkOfferForm, type OfferFormErrors } from './offer-form.ts';
import styles from './offers.module.css';

export type OffersRole = 'buyer' | 'seller';

type StatesTab = ListTab & { states?: OfferState[] };
const TABS: readonly [StatesTab, ...StatesTab[]] = [
  { key: 'all', label: 'All' },
  { key: 'open', label: 'Waiting for an answer', states: ['open', 'countered'] },
  { key: 'accepted', label: 'Accepted', states: ['accepted'] },
  { key: 'closed', label: 'Closed', states: ['purchased', 'declined', 'expired', 'lapsed'] },
];
const PAGE_SIZE = 10;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The outbox's label for an answer kept offline: what was answered, on which listing. */
function answerLabel(body: RespondOfferRequest, offer: Offer): string {
  const title = offer.listing.title;
  if (body.action === 'counter') return `Counter-offer ${formatPrice(body.amount)} on ${title}`;
  return `${body.action === 'accept' ? 'Accept' : 'Decline'} offer on ${title}`;
}

function failureText(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : 'The offer could not be answered right now. Please try again.';
}

/** The offers a buyer made or a seller received: state tabs, pages, each offer's history and next steps. */
export function OffersList({ as: role }: { as: OffersRole }) {
  const { tab, page, selectTab, setPage } = useListParams(TABS);
  const list = useOffers({
    role,
    page,
    pageSize: PAGE_SIZE,
    ...(tab.states ? { states: [...tab.states] } : {}),
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <div className={commerce.stack}>
      <ListTabs label="Offer states" tabs={TABS} current={tab.key} onSelect={selectTab} />
      {list.isPending ? (
        <LoadingRegion label="Loading offers">
          <Skeleton height="6rem" />
        </LoadingRegion>
      ) : list.isError ? (
        <div className={commerce.stack}>
          <FormError>Your offers could not be loaded. Please try again.</FormError>
          <div className={commerce.actions}>
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </div>
        </div>
      ) : list.data.results.length === 0 ? (
        <p>
          {role === 'buyer'
            ? 'You have no offers here. Make one from a listing whose seller takes offers.'
            : 'No offers on your listings here yet.'}
        </p>
      ) : (
        <ul className={commerce.lines} aria-label="Offers">
          {list.data.results.map((offer) => (
            <OfferItem key={offer.id} offer={offer} role={role} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function OfferItem({ offer, role }: { offer: Offer; role: OffersRole }) {
  const headingId = `offer-${offer.id}`;
  const other = role === 'buyer' ? `to ${offer.seller.displayName}` : `from ${offer.buyer.displayName}`;
  return (
    <li className={commerce.panel} aria-labelledby={headingId}>
      <div className={styles.offerHead}>
        {offer.listing.thumbnailPicture ? (
          <img className={commerce.thumb} src={offer.listing.thumbnailPicture} alt="" />
        ) : (
          <span className={commerce.thumb} />
        )}
        <div className={commerce.stack}>
          <div>
            <h2 id={headingId} className={commerce.panelHeading}>
              <Link to={offer.listing.url}>{offer.listing.title}</Link>
            </h2>
            <p className={styles.muted}>
              Offer {other}: {formatPrice(offer.amount)} × {offer.quantity} = {formatPrice(offer.total)}{' '}
              before shipping (asking {formatPrice(offer.listing.price)} each)
            </p>
          </div>
          <p>
            <span className={styles.state} data-state={offer.state}>
              {capitalize(OFFER_STATE_LABELS[offer.state])}
            </span>{' '}
            <DeadlineText offer={offer} role={role} />
          </p>
        </div>
      </div>
      <OfferActions offer={offer} role={role} />
      <section aria-labelledby={`${headingId}-history`}>
        <h3 id={`${headingId}-history`} className={commerce.lineTitle}>
          History
        </h3>
        <ol className={styles.history}>
          {offer.history.map((step) => (
            <li key={`${step.event}-${step.at}`}>
              <time dateTime={step.at}>{dateTime(step.at)}</time>: {stepText(step, offer, role)}
              {step.message ? <div className={styles.historyMessage}>“{step.message}”</div> : null}
            </li>
          ))}
        </ol>
      </section>
    </li>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function DeadlineText({ offer, role }: { offer: Offer; role: OffersRole }) {
  if (!offer.deadline) return null;
  const by = dateTime(offer.deadline);
  if (offer.state === 'accepted')
    return <span>{role === 'buyer' ? `Check out by ${by}.` : `Reserved for the buyer until ${by}.`}</span>;
  const yourTurn = offer.awaiting === role;
  return <span>{yourTurn ? `Answer by ${by}.` : `Expires ${by} without an answer.`}</span>;
}

function stepText(step: OfferEventEntry, offer: Offer, role: OffersRole): string {
  const who = (by: OfferEventEntry['by']) =>
    by === role ? 'You' : by === 'buyer' ? offer.buyer.displayName : offer.seller.displayName;
  switch (step.event) {
    case 'make':
      return `${who(step.by)} offered ${formatPrice(step.amount)} each`;
    case 'counter':
      return `${who(step.by)} countered at ${formatPrice(step.amount)} each`;
    case 'accept':
      return `${who(step.by)} accepted`;
    case 'decline':
      return `${who(step.by)} declined`;
    case 'expire':
      return 'Expired without an answer';
    case 'purchase':
      return 'Checked out';
    case 'lapse':
      return 'Lapsed: not checked out in time';
  }
}

/** What the caller may do next: answer, counter, check out, or follow the order. */
function OfferActions({ offer, role }: { offer: Offer; role: OffersRole }) {
  const respond = useRespondToOffer();
  const store = useStore();
  const navigate = useNavigate();
  const [countering, setCountering] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const handOff = useOutboxHandoff();
  const answer = async (body: RespondOfferRequest) => {
    setFailure(null);
    setQueued(false);
    try {
      await respond.mutateAsync({ id: offer.id, body });
      return true;
    } catch (error) {
      // The desktop client keeps an answer it could not send; the counter form keeps what was typed.
      if (
        await handOff(
          error,
          { kind: 'offerAnswer', offerId: offer.id, answer: body },
          answerLabel(body, offer),
        )
      )
        setQueued(true);
      else setFailure(failureText(error));
      return false;
    }
  };
  const checkout = () => {
    putOfferInCart(store, {
      id: offer.listing.id,
      offerId: offer.id,
      price: offer.amount,
      quantity: offer.quantity,
      title: offer.listing.title,
      imageUrl: offer.listing.thumbnailPicture,
      category: offer.listing.family,
      sellerStockNumber: null,
      upc: null,
      sku: null,
      productUrl: offer.listing.url,
    });
    rememberShoppingUrl(paths.to('dashboard.buying.offers'));
    navigate(paths.cart());
  };

  const busy = respond.isPending;
  const mayAnswer = offer.awaiting === role;
  let actions: ReactNode = null;
  if (mayAnswer) {
    actions = (
      <div className={commerce.actions}>
        <Button size="sm" disabled={busy} onClick={() => void answer({ action: 'accept' })}>
          {role === 'seller' ? 'Accept offer' : 'Accept counter-offer'}
        </Button>
        {role === 'seller' ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-expanded={countering}
            onClick={() => setCountering((open) => !open)}
          >
            Counter
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => void answer({ action: 'decline' })}
        >
          Decline
        </Button>
      </div>
    );
  } else if (role === 'buyer' && offer.state === 'accepted') {
    actions = (
      <div className={commerce.actions}>
        <Button size="sm" onClick={checkout}>
          Check out at {formatPrice(offer.amount)} each
        </Button>
      </div>
    );
  } else if (offer.state === 'purchased' && offer.orderId) {
    const orders = paths.to(role === 'buyer' ? 'dashboard.buying.orders' : 'dashboard.selling.orders');
    actions = <Link to={`${orders}?order=${offer.orderId}`}>See the order</Link>;
  }
  return (
    <>
      {actions}
      {countering && mayAnswer ? (
        <CounterForm
          offer={offer}
          busy={busy}
          onCancel={() => setCountering(false)}
          onSend={async (amount, message) => {
            const done = await answer({ action: 'counter', amount, ...(message ? { message } : {}) });
            if (done) setCountering(false);
            return done;
          }}
        />
      ) : null}
      <FormError>{failure}</FormError>
      <FormNotice>{queued ? OFFLINE_SAVED_MESSAGE : null}</FormNotice>
    </>
  );
}

function CounterForm({
  offer,
  busy,
  onCancel,
  onSend,
}: {
  offer: Offer;
  busy: boolean;
  onCancel: () => void;
  onSend: (amount: number, message: string) => Promise<boolean>;
}) {
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkOfferForm({ amount, quantity: '', message }, { above: offer.amount });
    setErrors(found);
    if (Object.keys(found).length === 0) await onSend(parseDollars(amount), message.trim());
  };
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Counter-offer on ${offer.listing.title}`}
    >
      <FormField
        label="Your price per item (USD)"
        error={errors.amount}
        help={`The buyer offered ${formatPrice(offer.amount)} each for ${offer.quantity}.`}
      >
        {(control) => (
          <TextInput
            {...control}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
          />
        )}
      </FormField>
      <FormField label="Message to the buyer" optional error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            className={formFieldStyles.input}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={2}
          />
        )}
      </FormField>
      <div className={commerce.actions}>
        <Button type="submit" size="sm" disabled={busy}>
          Send counter-offer
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
