import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import {
  type FocusEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../shared/domain/constants.ts';
import styles from './carousel.module.css';
import { IconButton } from './icon-button.tsx';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion; false on the server and until the page hydrates. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION).matches : false),
    () => false,
  );
}

/** The distance from one item to the next (the track's children), or the visible width. */
function itemStep(viewport: HTMLElement): number {
  const [first, second] = Array.from(viewport.firstElementChild?.children ?? []) as HTMLElement[];
  const step = first && second ? second.offsetLeft - first.offsetLeft : 0;
  return step > 0 ? step : viewport.clientWidth;
}

/**
 * Where the row goes next: one item (`by: 'item'`) or the visible items (`by: 'page'`) forward or
 * back, wrapping round at either end. Null when the row does not overflow: nothing to scroll.
 */
export function nextScrollLeft(
  viewport: { scrollLeft: number; scrollWidth: number; clientWidth: number },
  step: number,
  direction: 1 | -1,
  by: 'item' | 'page',
): number | null {
  const max = viewport.scrollWidth - viewport.clientWidth;
  if (max <= 1) return null;
  const distance = by === 'page' ? Math.max(step, Math.floor(viewport.clientWidth / step) * step) : step;
  if (direction > 0)
    return viewport.scrollLeft >= max - 1 ? 0 : Math.min(max, viewport.scrollLeft + distance);
  return viewport.scrollLeft <= 1 ? max : Math.max(0, viewport.scrollLeft - distance);
}

export interface CarouselProps {
  /** What the row holds ("Online Listings"): names the group and its buttons. */
  label: string;
  /** One element (a list) whose children are the items; it lays them out in one row. */
  children: ReactNode;
}

/**
 * A row that scrolls sideways: Previous and Next move it a view at a time, and it advances one
 * item every CAROUSEL_INTERVAL_MS where it overflows, except while hovered, while
 * anything in it has focus, once paused, or when the visitor prefers reduced motion. The items
 * are rendered on the server as they are; only the scrolling starts after hydration.
 */
export function Carousel({ label, children }: CarouselProps) {
  const viewportId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);

  const move = useCallback(
    (direction: 1 | -1, by: 'item' | 'page') => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const left = nextScrollLeft(viewport, itemStep(viewport), direction, by);
      if (left === null) return;
      const behavior = reducedMotion ? 'auto' : 'smooth';
      if (typeof viewport.scrollTo === 'function') viewport.scrollTo({ left, behavior });
      else viewport.scrollLeft = left;
    },
    [reducedMotion],
  );

  const auto = !(hovered || focused || paused || reducedMotion);
  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) move(1, 'item');
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [auto, move]);

  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a named group of controls and items, not a fieldset
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      className={styles.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      <div className={styles.controls}>
        {reducedMotion ? null : (
          <IconButton
            tone="light"
            className={styles.control}
            label={`Pause ${label}`}
            aria-pressed={paused}
            icon={paused ? <Play size={18} /> : <Pause size={18} />}
            onClick={() => setPaused((was) => !was)}
          />
        )}
        <IconButton
          tone="light"
          className={styles.control}
          label={`Previous ${label}`}
          aria-controls={viewportId}
          icon={<ChevronLeft size={20} />}
          onClick={() => move(-1, 'page')}
        />
        <IconButton
          tone="light"
          className={styles.control}
          label={`Next ${label}`}
          aria-controls={viewportId}
          icon={<ChevronRight size={20} />}
          onClick={() => move(1, 'page')}
        />
      </div>
      <div id={viewportId} ref={viewportRef} className={styles.viewport}>
        {children}
      </div>
    </div>
  );
}
