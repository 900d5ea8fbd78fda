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

/**
 * Whether this document was opened by a reload or by Back/Forward, which return to where it was
 * left. A document opened by a followed link or a typed address has the same first-entry key as the
 * tab's earlier documents, so their positions are not its own.
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
  const currentKey = useRef(location.key);
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
    currentKey.current = location.key;
    const first = firstRun.current;
    firstRun.current = false;
    const saved = positions.current?.get(location.key);
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
