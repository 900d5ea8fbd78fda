import { faqJsonLd } from '../../../shared/content-page-meta.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import { HOME_PAGE_HEADING } from '../../../shared/domain/metadata.ts';
import { homePageMeta } from '../../../shared/page-meta-builders.ts';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { pageOrigin } from '../../lib/page-origin.ts';

const HOME_FAQ_JSON_LD = faqJsonLd(HOME_FAQ);

/**
 * The home page's head, with the FAQ's structured data, as the server writes it on the first load.
 * Renders nothing.
 */
export function HomeHead() {
  const meta = homePageMeta(pageOrigin());
  useDocumentHead({
    ...headFromPageMeta({ ...meta, jsonLd: [...(meta.jsonLd ?? []), HOME_FAQ_JSON_LD] }),
    title: HOME_PAGE_HEADING,
  });
  return null;
}
