/**
 * Editorial content: the digest's articles, the brand digest, the site's figures and the
 * newsletter's sign-up form and email-link panel.
 */
export { useArticle } from './api/use-article.ts';
export { useArticles } from './api/use-articles.ts';
export { useSiteStats } from './api/use-site-stats.ts';
export { ArticleCard, AuthorLine } from './article-card.tsx';
export { BrandDigest } from './brand-digest.tsx';
export { NewsletterForm } from './newsletter-form.tsx';
export { NewsletterLinkPanel } from './newsletter-link-panel.tsx';
