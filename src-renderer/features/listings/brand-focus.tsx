import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Brand } from '../../../shared/contract/brands.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import styles from './brand-focus.module.css';
import { useMediaUrl } from './media-url.ts';

function AppOrExternalLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return to.startsWith('/') ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

export interface BrandFocusProps {
  brand: Brand;
  /** On the brand's own page the hero text is the page's intro and the results follow: tiles only. */
  productsOnly?: boolean;
}

/** A brand-focus block: hero text, a shop button and up to three product tiles. */
export function BrandFocus({ brand, productsOnly = false }: BrandFocusProps) {
  const mediaUrl = useMediaUrl();
  const focus = brand.focus;
  if (!focus) return null;
  const shopUrl = brand.shopUrl ?? paths.brand(brand.slug);
  return (
    <section className={styles.block} aria-label={focus.name} data-products-only={productsOnly || undefined}>
      <div className={styles.hero} hidden={productsOnly}>
        <h2 className={styles.heading}>{focus.name}</h2>
        {focus.heroSubtext ? <p className={styles.subtext}>{focus.heroSubtext}</p> : null}
        {shopUrl.startsWith('/') ? (
          <LinkButton to={shopUrl} variant="secondary">
            Shop {focus.name}
          </LinkButton>
        ) : null}
      </div>
      {focus.products.length > 0 ? (
        <ul className={styles.products}>
          {focus.products.map((product) => (
            <li key={product.name}>
              <AppOrExternalLink to={product.actionUrl} className={styles.product}>
                <img
                  className={styles.productImage}
                  src={mediaUrl(product.imageUrl)}
                  alt={product.imageAlt}
                  loading="lazy"
                  decoding="async"
                />
                <span className={styles.productName}>{product.name}</span>
              </AppOrExternalLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
