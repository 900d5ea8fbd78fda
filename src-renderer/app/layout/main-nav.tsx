import { NavLink } from 'react-router';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { HOME_LINKS, paths } from '../../../shared/routes/paths.ts';
import styles from './header.module.css';

interface NavItem {
  label: string;
  to: string;
  external?: boolean;
}

/** The main category links; the mega menu replaces this list with its dropdowns. */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Firearms', to: paths.firearms() },
  { label: 'Handguns', to: paths.firearms('handguns') },
  { label: 'Rifles', to: paths.firearms('rifles') },
  { label: 'Shotguns', to: paths.firearms('shotguns') },
  { label: 'Ammunition', to: paths.search({ familyIDs: [CategoryFamilyId.Ammunition] }) },
  { label: 'Optics', to: paths.search({ familyIDs: [CategoryFamilyId.Optics] }) },
  { label: 'Accessories', to: paths.search({ familyIDs: [CategoryFamilyId.Accessories] }) },
  { label: 'Shop Local', to: HOME_LINKS.shopLocal },
  { label: 'New This Week', to: paths.newThisWeek() },
  { label: 'Find a Dealer', to: paths.ffl() },
  { label: 'News & Reviews', to: paths.digest(), external: true },
];

export function MainNav() {
  return (
    <ul className={styles.navList}>
      {MAIN_NAV_ITEMS.map((item) => (
        <li key={item.label}>
          {item.external ? (
            <a className={styles.navLink} href={item.to}>
              {item.label}
            </a>
          ) : (
            <NavLink className={styles.navLink} to={item.to} end>
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
