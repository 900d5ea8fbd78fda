import type { ComponentType } from 'react';
import type { RouteId } from '../../shared/routes/paths.ts';

type PageLoader = () => Promise<ComponentType>;

/** Carried by every page route: which route of the shared table it stands for. */
export interface PageHandle {
  routeId: RouteId;
}

/**
 * The screen of each route of the table, loaded on first visit so every page is its own bundle.
 */
export const PAGE_LOADERS = {
  notFound: () => import('../pages/not-found/not-found-page.tsx').then((m) => m.NotFoundPage),
  home: () => import('../pages/home/home-page.tsx').then((m) => m.HomePage),
  admin: () => import('../pages/admin/admin-page.tsx').then((m) => m.AdminPage),

  dashboard: () => import('../pages/dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
  'dashboard.buying.orders': () =>
    import('../pages/dashboard/buying-orders-page.tsx').then((m) => m.BuyingOrdersPage),
  'dashboard.buying.tools': () =>
    import('../pages/dashboard/buying-tools-page.tsx').then((m) => m.BuyingToolsPage),
  'dashboard.buying.offers': () =>
    import('../pages/dashboard/buying-offers-page.tsx').then((m) => m.BuyingOffersPage),
  'dashboard.buying.favorites': () =>
    import('../pages/dashboard/buying-favorites-page.tsx').then((m) => m.BuyingFavoritesPage),
  'dashboard.buying.savedSearches': () =>
    import('../pages/dashboard/buying-saved-searches-page.tsx').then((m) => m.BuyingSavedSearchesPage),
  'dashboard.selling.orders': () =>
    import('../pages/dashboard/selling-orders-page.tsx').then((m) => m.SellingOrdersPage),
  'dashboard.selling.listings': () =>
    import('../pages/dashboard/selling-listings-page.tsx').then((m) => m.SellingListingsPage),
  'dashboard.selling.listItem': () =>
    import('../pages/dashboard/selling-list-item-page.tsx').then((m) => m.SellingListItemPage),
  'dashboard.selling.offers': () =>
    import('../pages/dashboard/selling-offers-page.tsx').then((m) => m.SellingOffersPage),
  'dashboard.selling.tools': () =>
    import('../pages/dashboard/selling-tools-page.tsx').then((m) => m.SellingToolsPage),
  'dashboard.selling.liveCheckout': () =>
    import('../pages/dashboard/selling-live-checkout-page.tsx').then((m) => m.SellingLiveCheckoutPage),
  'dashboard.messages.inbox': () =>
    import('../pages/dashboard/messages-inbox-page.tsx').then((m) => m.MessagesInboxPage),
  'dashboard.messages.sent': () =>
    import('../pages/dashboard/messages-sent-page.tsx').then((m) => m.MessagesSentPage),
  'dashboard.billing.invoices': () =>
    import('../pages/dashboard/billing-invoices-page.tsx').then((m) => m.BillingInvoicesPage),
  'dashboard.billing.invoice': () =>
    import('../pages/dashboard/billing-invoice-page.tsx').then((m) => m.BillingInvoicePage),
  'dashboard.billing.payments': () =>
    import('../pages/dashboard/billing-payments-page.tsx').then((m) => m.BillingPaymentsPage),
  'dashboard.billing.paymentMethods': () =>
    import('../pages/dashboard/billing-payment-methods-page.tsx').then((m) => m.BillingPaymentMethodsPage),
  'dashboard.accountSettings': () =>
    import('../pages/dashboard/account-settings-page.tsx').then((m) => m.AccountSettingsPage),

  cart: () => import('../pages/cart/cart-page.tsx').then((m) => m.CartPage),
  'cart.view': () => import('../pages/cart/cart-view-page.tsx').then((m) => m.CartViewPage),
  ffl: () => import('../pages/ffl/ffl-page.tsx').then((m) => m.FflPage),
  login: () => import('../pages/account/login-page.tsx').then((m) => m.LoginPage),
  register: () => import('../pages/account/register-page.tsx').then((m) => m.RegisterPage),
  forgotPassword: () => import('../pages/account/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  passwordExpired: () =>
    import('../pages/account/password-expired-page.tsx').then((m) => m.PasswordExpiredPage),
  membership: () => import('../pages/info/membership-page.tsx').then((m) => m.MembershipPage),
  aboutUs: () => import('../pages/info/about-us-page.tsx').then((m) => m.AboutUsPage),
  siteMap: () => import('../pages/info/site-map-page.tsx').then((m) => m.SiteMapPage),
  sellGuns: () => import('../pages/info/sell-guns-page.tsx').then((m) => m.SellGunsPage),
  newThisWeek: () => import('../pages/search/new-this-week-page.tsx').then((m) => m.NewThisWeekPage),
  localLinks: () => import('../pages/info/local-links-page.tsx').then((m) => m.LocalLinksPage),
  advancedSearch: () => import('../pages/search/advanced-search-page.tsx').then((m) => m.AdvancedSearchPage),
  search: () => import('../pages/search/search-page.tsx').then((m) => m.SearchPage),
  listing: () => import('../pages/listing/legacy-listing-page.tsx').then((m) => m.LegacyListingPage),
  firearms: () => import('../pages/firearms/firearms-page.tsx').then((m) => m.FirearmsPage),
  'firearms.handguns': () => import('../pages/firearms/firearms-page.tsx').then((m) => m.FirearmsPage),
  'firearms.rifles': () => import('../pages/firearms/firearms-page.tsx').then((m) => m.FirearmsPage),
  'firearms.shotguns': () => import('../pages/firearms/firearms-page.tsx').then((m) => m.FirearmsPage),
  brand: () => import('../pages/brand/brand-page.tsx').then((m) => m.BrandPage),
  city: () => import('../pages/city/city-page.tsx').then((m) => m.CityPage),
  welcomeEmailRedirect: () =>
    import('../pages/welcome-email/welcome-email-redirect-page.tsx').then((m) => m.WelcomeEmailRedirectPage),
  alertsUnsubscribe: () =>
    import('../pages/account/alerts-unsubscribe-page.tsx').then((m) => m.AlertsUnsubscribePage),
  digest: () => import('../pages/digest/digest-page.tsx').then((m) => m.DigestPage),
  digestArticle: () => import('../pages/digest/digest-article-page.tsx').then((m) => m.DigestArticlePage),
  newsletterConfirm: () =>
    import('../pages/newsletter/newsletter-pages.tsx').then((m) => m.NewsletterConfirmPage),
  newsletterUnsubscribe: () =>
    import('../pages/newsletter/newsletter-pages.tsx').then((m) => m.NewsletterUnsubscribePage),
  listingById: () => import('../pages/listing/listing-page.tsx').then((m) => m.ListingPage),
} as const satisfies Record<RouteId, PageLoader>;
