/** Browser storage keys. */
export const STORAGE_KEYS = {
  token: 'gatoken',
  cart: 'gacart',
  shoppingUrl: 'shoppingUrl',
  identification: 'gaFirearmIdentification',
  /** The signed-in buyer's favorites and the changes not yet confirmed by the server. */
  favorites: 'gafavorites',
} as const;

/** The token cookie lives 24 hours on path /, for the configured domain (COOKIE_DOMAIN) or host-only. */
export const TOKEN_COOKIE_HOURS = 24;
export const TOKEN_COOKIE_PATH = '/';
/**
 * The head meta through which the server tells the web app the token cookie's domain (the
 * COOKIE_DOMAIN setting); without it the cookie is host-only.
 */
export const COOKIE_DOMAIN_META = 'ironsight:cookie-domain';

/**
 * The head metas through which the server names the optional third-party scripts: the ad
 * server's and the email-marketing service's (AD_SCRIPT_URL, MARKETING_SCRIPT_URL). Absent: not loaded.
 */
export const AD_SCRIPT_META = 'ironsight:ad-script';
export const MARKETING_SCRIPT_META = 'ironsight:marketing-script';

export const DEFAULT_RETURN_PATH = '/dashboard';

export const SUGGESTIONS_DEBOUNCE_MS = 500;
export const SUGGESTIONS_MIN_LENGTH = 3;

/** Suggestions are requested only for text longer than 2 characters. */
export function shouldRequestSuggestions(text: string | null | undefined): boolean {
  return (text ?? '').trim().length >= SUGGESTIONS_MIN_LENGTH;
}

/** The newsletter sign-up's failure text. */
export const NEWSLETTER_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** Subscribing does nothing for an empty email; the spec shows no format check. */
export function shouldSubscribeToNewsletter(email: string | null | undefined): boolean {
  return (email ?? '').trim() !== '';
}

export const FAVORITES_DEBOUNCE_MS = 300;
export const IMAGE_RESIZE_DEBOUNCE_MS = 200;
export const AD_IMAGE_ADJUST_DELAY_MS = 2000;
export const CAROUSEL_INTERVAL_MS = 3000;
export const DROPDOWN_DELAY_MS = 300;
export const DISMISS_DURATION_MS = 300;

export const LAZY_IMAGE_ROOT_MARGIN = '100px';
export const LAZY_IMAGE_THRESHOLD = 0.1;

export const RESPONSIVE_IMAGE_WIDTHS = { small: 412, medium: 768 } as const;

export const FEATURED_GRID_CRITICAL_IMAGES = 4;
/** Cards after the 10th are hidden on small screens. */
export const FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS = 10;

export const SHOP_LOCAL_DEFAULTS = { zipCode: '75207', distance: 50, listingType: 'local' } as const;

export const CURRENCY = 'USD';
export const COUNTRY = 'US';
export const LOCALE = 'en-US';

/** The digest shows the first page of 3 articles. */
export const ARTICLE_DIGEST_PER_PAGE = 3;
export const ARTICLE_DIGEST_PAGE = 1;

/**
 * Password strength rules (see docs/security.md). Current guidance (NIST SP 800-63B): at least 8
 * characters (15 recommended), no composition rules; the server also refuses common passwords.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** What the forms recommend; not enforced. */
export const PASSWORD_RECOMMENDED_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;
