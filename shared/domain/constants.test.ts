import { describe, expect, it } from 'vitest';
import {
  AD_IMAGE_ADJUST_DELAY_MS,
  ARTICLE_DIGEST_PAGE,
  ARTICLE_DIGEST_PER_PAGE,
  CAROUSEL_INTERVAL_MS,
  COUNTRY,
  CURRENCY,
  DEFAULT_RETURN_PATH,
  DISMISS_DURATION_MS,
  DROPDOWN_DELAY_MS,
  FAVORITES_DEBOUNCE_MS,
  FEATURED_GRID_CRITICAL_IMAGES,
  FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS,
  IMAGE_RESIZE_DEBOUNCE_MS,
  LAZY_IMAGE_ROOT_MARGIN,
  LAZY_IMAGE_THRESHOLD,
  LOCALE,
  RESPONSIVE_IMAGE_WIDTHS,
  SHOP_LOCAL_DEFAULTS,
  STORAGE_KEYS,
  SUGGESTIONS_DEBOUNCE_MS,
  SUGGESTIONS_MIN_LENGTH,
  shouldRequestSuggestions,
  shouldSubscribeToNewsletter,
  TOKEN_COOKIE_HOURS,
  TOKEN_COOKIE_PATH,
} from './constants.ts';

describe('business constants', () => {
  it.each([
    [
      'STORAGE_KEYS',
      STORAGE_KEYS,
      {
        token: 'gatoken',
        cart: 'gacart',
        shoppingUrl: 'shoppingUrl',
        identification: 'gaFirearmIdentification',
        favorites: 'gafavorites',
      },
    ],
    ['TOKEN_COOKIE_HOURS', TOKEN_COOKIE_HOURS, 24],
    ['TOKEN_COOKIE_PATH', TOKEN_COOKIE_PATH, '/'],
    ['DEFAULT_RETURN_PATH', DEFAULT_RETURN_PATH, '/dashboard'],
    ['SUGGESTIONS_DEBOUNCE_MS', SUGGESTIONS_DEBOUNCE_MS, 500],
    ['SUGGESTIONS_MIN_LENGTH', SUGGESTIONS_MIN_LENGTH, 3],
    ['FAVORITES_DEBOUNCE_MS', FAVORITES_DEBOUNCE_MS, 300],
    ['IMAGE_RESIZE_DEBOUNCE_MS', IMAGE_RESIZE_DEBOUNCE_MS, 200],
    ['AD_IMAGE_ADJUST_DELAY_MS', AD_IMAGE_ADJUST_DELAY_MS, 2000],
    ['CAROUSEL_INTERVAL_MS', CAROUSEL_INTERVAL_MS, 3000],
    ['DROPDOWN_DELAY_MS', DROPDOWN_DELAY_MS, 300],
    ['DISMISS_DURATION_MS', DISMISS_DURATION_MS, 300],
    ['LAZY_IMAGE_ROOT_MARGIN', LAZY_IMAGE_ROOT_MARGIN, '100px'],
    ['LAZY_IMAGE_THRESHOLD', LAZY_IMAGE_THRESHOLD, 0.1],
    ['RESPONSIVE_IMAGE_WIDTHS', RESPONSIVE_IMAGE_WIDTHS, { small: 412, medium: 768 }],
    ['FEATURED_GRID_CRITICAL_IMAGES', FEATURED_GRID_CRITICAL_IMAGES, 4],
    ['FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS', FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS, 10],
    ['SHOP_LOCAL_DEFAULTS', SHOP_LOCAL_DEFAULTS, { zipCode: '75207', distance: 50, listingType: 'local' }],
    ['CURRENCY', CURRENCY, 'USD'],
    ['COUNTRY', COUNTRY, 'US'],
    ['LOCALE', LOCALE, 'en-US'],
    ['ARTICLE_DIGEST_PER_PAGE', ARTICLE_DIGEST_PER_PAGE, 3],
    ['ARTICLE_DIGEST_PAGE', ARTICLE_DIGEST_PAGE, 1],
  ] as const)('%s is %j', (_name, actual, value) => {
    expect(actual).toEqual(value);
  });
});

describe('shouldRequestSuggestions', () => {
  it.each([
    ['', false],
    ['gl', false],
    ['  gl  ', false],
    ['glo', true],
    ['glock', true],
    [null, false],
  ] as const)('%j → %s', (text, expected) => {
    expect(shouldRequestSuggestions(text)).toBe(expected);
  });
});

describe('shouldSubscribeToNewsletter', () => {
  it.each([
    ['', false],
    ['   ', false],
    [undefined, false],
    ['not-an-email', true],
    ['buyer@example.com', true],
  ] as const)('%j → %s', (email, expected) => {
    expect(shouldSubscribeToNewsletter(email)).toBe(expected);
  });
});
