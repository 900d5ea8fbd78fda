import { Link } from 'react-router';
import {
  feeText,
  includedOptionLabels,
  listingLimitText,
  monthlyPriceText,
} from '../../../shared/domain/fee-text.ts';
import {
  ESCROW_INSPECTION_DAYS,
  finalValueFeeCents,
  formatCents,
  LISTING_OPTION_FEES,
  MEMBERSHIP_PLANS,
  PLAN_ORDER,
  toCents,
} from '../../../shared/domain/membership.ts';
import { Role } from '../../../shared/domain/user.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { LinkButton } from '../../ui/button.tsx';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';
import planStyles from './sell-guns.module.css';

const STEPS = [
  {
    heading: 'Create your account',
    text: 'Register with your e-mail, then choose a seller membership. Private sellers and licensed dealers both sell here.',
  },
  {
    heading: 'Set up how you get paid',
    text: 'Connect a payment gateway or a GunTab account so buyers can pay with Instant Checkout; you can also accept other payment methods you list.',
  },
  {
    heading: 'List your item',
    text: 'Add photos, a price, the condition and your shipping terms. Dealers can upload inventory in bulk, connect a distributor feed or use the seller API.',
  },
  {
    heading: 'Ship to the buyer’s dealer',
    text: 'When it sells, ship a firearm to the licensed dealer the buyer chose (other items go straight to the buyer) and add tracking to the order.',
  },
] as const;

/** The plans a seller chooses from, in the membership table's order. */
const SELLER_PLANS = PLAN_ORDER.filter((role) => role !== Role.Buyer).map((role) => MEMBERSHIP_PLANS[role]);

/** The sale the fee example works through. */
const EXAMPLE_SALE_CENTS = toCents(500);
const EXAMPLE_FEES = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
  SELLER_PLANS.map(
    (plan) => `${formatCents(finalValueFeeCents(plan.role, EXAMPLE_SALE_CENTS))} on ${plan.name}`,
  ),
);

export function SellGunsPage() {
  return (
    <PageFrame
      heading="Sell guns on Ironsight"
      title={routeTitle('sellGuns')}
      intro="List firearms, ammunition, optics and accessories for buyers across the country. Firearms ship to a licensed dealer (FFL) for transfer."
    >
      <div className={styles.prose}>
        <h2 className={styles.sectionHeading}>Why sell here</h2>
        <ul className={styles.bullets}>
          <li>
            Buyers nationwide and nearby: national listings ship, local listings meet in person at a dealer.
          </li>
          <li>Instant Checkout takes payment for you, so a sale closes without back-and-forth.</li>
          <li>
            Escrow protects both sides: the buyer has {ESCROW_INSPECTION_DAYS} days after delivery to inspect
            the item, then the funds are released to you.
          </li>
          <li>Offers, saved-search alerts and price-drop alerts bring buyers back to your listings.</li>
          <li>
            Dealer tools: bulk upload, distributor feeds and a seller API keep stock and prices in sync.
          </li>
        </ul>
        <h2 className={styles.sectionHeading}>How it works</h2>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step.heading}>
              <strong>{step.heading}.</strong> {step.text}
            </li>
          ))}
        </ol>
        <h2 className={styles.sectionHeading}>What is your firearm worth?</h2>
        <p>
          Not sure what you have, or what to ask for it?{' '}
          <Link to={paths.identify()}>Identify your firearm</Link> from photos and what is stamped on it: you
          see the make, model and caliber it matches, and what the same firearm sold for here recently, sale
          by sale. Then list it with those details filled in.
        </p>
        <h2 className={styles.sectionHeading}>Seller plans and fees</h2>
        <p>
          Every plan lists items and takes payment at checkout. A plan’s monthly price is charged at the start
          of each month, and a change of plan mid-month is prorated. The final value fee is charged on each
          completed sale, on the items’ price (shipping is not included).
        </p>
      </div>
      <ul className={planStyles.plans} aria-label="Seller plans">
        {SELLER_PLANS.map((plan) => {
          const included = includedOptionLabels(plan);
          return (
            <li key={plan.role} className={planStyles.plan}>
              <h3 className={planStyles.planName}>{plan.name}</h3>
              <p className={planStyles.price}>{monthlyPriceText(plan)}</p>
              <dl className={planStyles.terms}>
                <div>
                  <dt>Active listings</dt>
                  <dd>{listingLimitText(plan)}</dd>
                </div>
                <div>
                  <dt>Final value fee</dt>
                  <dd>{feeText(plan.finalValueFee)}</dd>
                </div>
                <div>
                  <dt>Listing options included</dt>
                  <dd>{included.length > 0 ? included.join(', ') : 'None'}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      <div className={styles.prose}>
        <p>
          For example, on a {formatCents(EXAMPLE_SALE_CENTS)} sale the final value fee is {EXAMPLE_FEES}.
        </p>
        <h2 className={styles.sectionHeading}>Listing options</h2>
        <p>
          Options make a listing stand out. Each is charged when a listing takes it, unless your plan includes
          it; a percentage is of the listing’s price.
        </p>
      </div>
      <table className={planStyles.options}>
        <caption className="visually-hidden">Listing options and their prices</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {LISTING_OPTION_FEES.map((entry) => (
            <tr key={entry.name}>
              <th scope="row">{entry.label}</th>
              <td>{feeText(entry.fee)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.prose}>
        <p>
          Compare the plans side by side and choose one on the{' '}
          <Link to={paths.membership()}>membership page</Link>; you can change plans at any time.
        </p>
      </div>
      <div className={styles.actions}>
        <LinkButton to={paths.register()} size="lg">
          Create an account
        </LinkButton>
        <LinkButton to={paths.membership()} size="lg" variant="secondary">
          See membership plans
        </LinkButton>
      </div>
    </PageFrame>
  );
}
