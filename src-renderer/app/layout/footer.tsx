import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/domain/metadata.ts';
import styles from './footer.module.css';
import { FOOTER_GROUPS, type FooterLink, SOCIAL_LINKS } from './footer-links.ts';

function FooterAnchor({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <a className={styles.link} href={link.to} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link className={styles.link} to={link.to}>
      {link.label}
    </Link>
  );
}

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className={styles.footer} data-surface="ink">
      <div className={styles.inner}>
        <div className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className={styles.groupHeading}>{group.heading}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <FooterAnchor link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <nav aria-label="Social media">
          <ul className={styles.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <FooterAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.notice}>
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p>
            {PRODUCT_NAME} is a marketplace for lawful sales between buyers, private sellers and licensed
            dealers. Firearms ship to a licensed dealer (FFL) for transfer; buyers and sellers follow federal,
            state and local law.
          </p>
        </div>
      </div>
    </footer>
  );
}
