import type { DehydratedState } from '@tanstack/react-query';
import { jsonForScriptElement, PAGE_DATA_ELEMENT_ID } from '../../shared/server-render.ts';

/** The data a server-rendered page was rendered with, embedded once in its HTML for hydration. */
export interface PageData {
  /** The server-state cache, keyed as the page's queries key it. */
  queries: DehydratedState;
}

/** The page's data block: JSON in a non-executed script element, escaped so nothing can break out of it. */
export function pageDataElement(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScriptElement(data)}</script>`;
}

/**
 * The page's answers as of its delivery. A kept page can be older than the browser's freshness
 * window, but the server drops kept pages when the catalogue changes, so its answers are current:
 * they are stamped with the time the page arrived, and hydration does not fetch them again.
 */
export function deliveredQueries(queries: DehydratedState, now: number): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}

/** The data the server rendered this page with, or null for a page rendered in the browser. */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return data.queries ? (data as PageData) : null;
  } catch {
    return null;
  }
}
