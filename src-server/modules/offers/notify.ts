import { inArray } from 'drizzle-orm';
import type { Offer } from '../../../shared/contract/offers.ts';
import { alertSubject, alertTimeToken } from '../../../shared/domain/alerts.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { OFFER_ANSWER_HOURS, OFFER_CHECKOUT_HOURS, type OfferEvent } from '../../../shared/domain/offers.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import type { DbExecutor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { loadOffers } from './read.ts';

/** What the notices need: the database to read the offers, the mailer, and the public site for links. */
export interface OfferNoticeDeps {
  db: DbExecutor;
  mailer: Mailer;
  publicOrigin: string;
  log: { error(object: Record<string, unknown>, message: string): void };
}

type Side = 'buyer' | 'seller';

/** How a time reads: in an e-mail, in UTC; in an alert, a token the reader's screen writes in their zone. */
type TimeText = (iso: string | null) => string;

const mailTime: TimeText = (iso) =>
  iso ? `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'soon';
const alertTime: TimeText = (iso) => (iso ? alertTimeToken('deadline') : 'soon');

const each = (offer: Offer) =>
  `${formatPrice(offer.amount)} per item for ${offer.quantity} (${formatPrice(offer.total)} before shipping)`;

/**
 * The sentence each side reads about a step; `by` is who took it. The reader is addressed as "you",
 * never by their own name.
 */
function sentence(event: OfferEvent, side: Side, offer: Offer, by: Side | 'system', when: TimeText): string {
  const buyer = offer.buyer.displayName;
  const seller = offer.seller.displayName;
  const actor = (who: Side) => (who === side ? 'You' : who === 'seller' ? seller : buyer);
  switch (event) {
    case 'make':
      return side === 'seller'
        ? `${buyer} offers ${each(offer)}. Accept, counter or decline by ${when(offer.deadline)}; after ${OFFER_ANSWER_HOURS} hours the offer expires.`
        : `Your offer of ${each(offer)} was sent to ${seller}, who has until ${when(offer.deadline)} to answer.`;
    case 'counter':
      return side === 'buyer'
        ? `${seller} countered your offer with ${each(offer)}. Accept or decline by ${when(offer.deadline)}.`
        : `Your counter-offer of ${each(offer)} was sent to ${buyer}, who has until ${when(offer.deadline)} to answer.`;
    case 'accept': {
      const agreed =
        by === 'buyer'
          ? `${actor('buyer')} accepted the counter-offer`
          : `${actor('seller')} accepted the offer`;
      return side === 'buyer'
        ? `${agreed}: ${each(offer)}. The items are held for you: check out at this price by ${when(offer.deadline)}.`
        : `${agreed}: ${each(offer)}. The items are reserved until ${when(offer.deadline)} for the buyer to check out.`;
    }
    case 'decline':
      return `${actor(by === 'buyer' ? 'buyer' : 'seller')} declined the ${by === 'buyer' ? 'counter-offer' : 'offer'} of ${each(offer)}.`;
    case 'expire':
      return `The offer of ${each(offer)} expired: it was not answered within ${OFFER_ANSWER_HOURS} hours.`;
    case 'purchase':
      return `The accepted offer of ${each(offer)} was checked out${side === 'seller' ? ': ship it from your orders' : ''}.`;
    case 'lapse':
      return `The accepted offer of ${each(offer)} lapsed: it was not checked out within ${OFFER_CHECKOUT_HOURS} hours, so the items are no longer held.`;
  }
}

const SUBJECTS: Readonly<Record<OfferEvent, (title: string, side: Side) => string>> = {
  make: (title, side) => (side === 'seller' ? `New offer on ${title}` : `Your offer on ${title} was sent`),
  counter: (title, side) =>
    side === 'buyer' ? `Counter-offer on ${title}` : `Your counter-offer on ${title} was sent`,
  accept: (title) => `Offer accepted on ${title}`,
  decline: (title) => `Offer declined on ${title}`,
  expire: (title) => `Offer expired on ${title}`,
  purchase: (title) => `Offer checked out on ${title}`,
  lapse: (title) => `Accepted offer lapsed on ${title}`,
};

const offersPage = (side: Side) =>
  side === 'buyer' ? paths.to('dashboard.buying.offers') : paths.to('dashboard.selling.offers');

/** Who took the offer's latest step of this kind. */
const lastStepBy = (offer: Offer, event: OfferEvent) =>
  offer.history.findLast((entry) => entry.event === event)?.by ?? 'system';

function offerMail(
  to: string,
  name: string,
  side: Side,
  event: OfferEvent,
  offer: Offer,
  origin: string,
): MailMessage {
  const step = offer.history.findLast((entry) => entry.event === event);
  const page = offersPage(side);
  const note = step?.message ? ['', `Message: ${step.message}`] : [];
  return {
    to,
    subject: SUBJECTS[event](offer.listing.title, side),
    text: [
      `Hi ${name},`,
      '',
      sentence(event, side, offer, lastStepBy(offer, event), mailTime),
      ...note,
      '',
      `  ${offer.listing.title}`,
      `  ${new URL(offer.listing.url, origin).toString()}`,
      '',
      `Your offers: ${new URL(page, origin).toString()}`,
      '',
      '— Ironsight',
    ].join('\n'),
  };
}

/**
 * Tells both sides of each offer about a step it took (made, countered, accepted, declined,
 * expired, purchased, lapsed), after the step committed: an alert on the dashboard banner and an
 * e-mail to each. Every offer notice goes through here. A failed notice is logged and never undoes
 * the step.
 */
export async function notifyOfferParties(
  deps: OfferNoticeDeps,
  event: OfferEvent,
  offerIds: readonly string[],
): Promise<void> {
  if (offerIds.length === 0) return;
  try {
    const found = await loadOffers(deps.db, offerIds, new Date(0));
    const people = await deps.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(inArray(users.id, [...new Set(found.flatMap((offer) => [offer.buyer.id, offer.seller.id]))]));
    const byId = new Map(people.map((person) => [person.id, person]));
    for (const offer of found) {
      for (const side of ['buyer', 'seller'] as const) {
        const person = byId.get(offer[side].id);
        if (!person) continue;
        await addUserAlert(deps.db, {
          userId: person.id,
          kind: 'offer',
          text: `${SUBJECTS[event](offer.listing.title, side)}. ${sentence(event, side, offer, lastStepBy(offer, event), alertTime)}`,
          link: offersPage(side),
          linkText: 'See your offers',
          subject: alertSubject.offer(offer.id),
          ...(offer.deadline ? { times: { deadline: offer.deadline } } : {}),
        });
        await deps.mailer.send(
          offerMail(person.email, person.firstName, side, event, offer, deps.publicOrigin),
        );
      }
    }
  } catch (error) {
    deps.log.error({ offerIds, event, err: error }, 'offer notice failed');
  }
}
