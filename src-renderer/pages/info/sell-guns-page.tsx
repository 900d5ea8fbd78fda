import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { LinkButton } from '../../ui/button.tsx';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';

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
        <h2 className={styles.sectionHeading}>Fees</h2>
        <p>
          Listing and selling fees depend on your membership plan; compare the plans and their fees on the{' '}
          <Link to={paths.membership()}>membership page</Link> before you list.
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
