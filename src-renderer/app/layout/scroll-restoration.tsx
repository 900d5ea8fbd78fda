import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isEntryRewrite } from '../../lib/navigation-state.ts';

/** Where each history entry was scrolled to, kept for the tab's life (a reload restores too). */
const STORAGE_KEY = 'scrollPositions';
/** Entries remembered; the oldest are forgotten first. */
const MAX_ENTRIES = 100;

type Positions = Map<string, number>;

function readPositions(): Positions {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Positions): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or blocked: positions are kept for this page's life only.
  }
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return target !== null;
}

/** Where a document's first entry keeps its own key, in the entry's history state. */
const FIRST_ENTRY_KEY = 'scrollKey';

/**
 * The key under which the entry shown keeps its position. The router keys each entry it adds; the
 * entry a document opened on is 'default' in every document, so it is given a key of its own in its
 * history state, which the browser keeps with the entry (Back to another document finds it again).
 */
function entryKey(routerKey: string): string {
  if (routerKey !== 'default') return routerKey;
  const state: unknown = history.state;
  const fields = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const kept = fields[FIRST_ENTRY_KEY];
  if (typeof kept === 'string') return kept;
  const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  history.replaceState({ ...fields, [FIRST_ENTRY_KEY]: key }, '');
  return key;
}

/**
 * Whether this document was opened by a reload or by Back/Forward, which return to where it was
 * left. A document opened by a followed link or a typed address starts at its top, even where its
 * entry's state came with it.
 */
function reopened(): boolean {
  if (typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * Scrolls as a visitor expects of pages: a new page starts at its top (or at the anchor its
 * address names), Back and Forward return to where each page was left, and a rewrite of the
 * current entry leaves the page where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Positions | null>(null);
  // The entry shown, set as each location commits (below), before any scroll is remembered.
  const currentKey = useRef('');
  const firstRun = useRef(true);

  useLayoutEffect(() => {
    const saved = readPositions();
    positions.current = saved;
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      saved.delete(currentKey.current);
      saved.set(currentKey.current, window.scrollY);
    };
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        remember();
      });
    };
    // The position now, not the last one a frame recorded: a reload right after a scroll comes
    // before the scroll event's frame, and would otherwise return to where the page was before it.
    const onPageHide = () => {
      remember();
      writePositions(saved);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      writePositions(saved);
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = entryKey(location.key);
    const first = firstRun.current;
    firstRun.current = false;
    const saved = positions.current?.get(currentKey.current);
    if (action === 'POP' && saved !== undefined && (!first || reopened())) {
      window.scrollTo(0, saved);
      return;
    }
    // The first page is where the browser put it; a rewrite of the entry shown stays put.
    if (first || isEntryRewrite(location.state)) return;
    if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, action]);

  return null;
}
