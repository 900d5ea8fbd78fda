import { Link } from 'react-router';
import { COMPANY_FOUNDED_YEAR } from '../../../shared/domain/company.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';

export function AboutUsPage() {
  return (
    <PageFrame
      heading={routeTitle('aboutUs') ?? 'About Us'}
      intro={`Since ${COMPANY_FOUNDED_YEAR}, Ironsight has brought private sellers, retailers and buyers together in one marketplace for firearms and gear.`}
    >
      <div className={styles.prose}>
        <h2 className={styles.sectionHeading}>What we do</h2>
        <p>
          Ironsight is a marketplace for firearms, ammunition, optics, magazines, accessories and
          collectibles. Private sellers list what they no longer need; licensed dealers and distributors list
          their stock; buyers compare them side by side, near home or across the country.
        </p>
        <h2 className={styles.sectionHeading}>Compliance first</h2>
        <p>
          Every firearm sold here ships to a licensed dealer (FFL) of the buyer's choice, who checks the
          buyer's identity and runs the background check before the transfer. Sellers can exclude states they
          cannot ship to, and our <Link to={paths.ffl()}>dealer finder</Link> helps buyers pick a transfer
          dealer nearby.
        </p>
        <h2 className={styles.sectionHeading}>More than listings</h2>
        <p>
          Our <Link to={paths.digest()}>news and reviews</Link> cover new models, buying guides and the rules
          of buying and selling online, so a first-time buyer and a collector both know what they are getting.
        </p>
        <h2 className={styles.sectionHeading}>Sell with us</h2>
        <p>
          Thinking of selling? Read <Link to={paths.sellGuns()}>how selling works</Link>, or{' '}
          <Link to={paths.register()}>create an account</Link> to get started.
        </p>
      </div>
    </PageFrame>
  );
}
