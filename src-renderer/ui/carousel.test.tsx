import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '../../shared/domain/constants.ts';
import { Carousel, nextScrollLeft } from './carousel.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
}

/**
 * Six cards in a row 1200 px wide seen through 400 px: the page lays nothing out here, so the
 * sizes a browser would measure are given, and each scroll is recorded where it lands.
 */
function renderRow() {
  render(
    <Carousel label="Online Listings">
      <ul aria-label="Online Listings">
        {['A', 'B', 'C', 'D', 'E', 'F'].map((name) => (
          <li key={name}>
            <a href={`/listing/${name}`}>Listing {name}</a>
          </li>
        ))}
      </ul>
    </Carousel>,
  );
  const group = screen.getByRole('group', { name: 'Online Listings' });
  const viewport = screen.getByRole('list').parentElement as HTMLElement;
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, value: 400 });
  Object.defineProperty(viewport, 'scrollWidth', { configurable: true, value: 1200 });
  screen.getAllByRole('listitem').forEach((item, index) => {
    Object.defineProperty(item, 'offsetLeft', { configurable: true, value: index * 200 });
  });
  const scrolls: number[] = [];
  viewport.scrollTo = ((options: ScrollToOptions) => {
    viewport.scrollLeft = options.left ?? 0;
    scrolls.push(viewport.scrollLeft);
  }) as typeof viewport.scrollTo;
  return { group, viewport, scrolls };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('carousel', () => {
  it('advances one card every 3000 ms, and from the last view back to the first', () => {
    preferReducedMotion(false);
    const { group, scrolls } = renderRow();
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(group.getAttribute('aria-roledescription')).toBe('carousel');

    wait(2999);
    expect(scrolls).toEqual([]);
    wait(1);
    expect(scrolls).toEqual([200]);
    wait(3000 * 3);
    // 800 is as far as it goes (1200 − 400); the next step starts over.
    expect(scrolls).toEqual([200, 400, 600, 800]);
    wait(3000);
    expect(scrolls.at(-1)).toBe(0);
  });

  it('stays still while hovered or while something in it has focus, and goes on after', () => {
    preferReducedMotion(false);
    const { group, scrolls } = renderRow();

    fireEvent.mouseEnter(group);
    wait(3000 * 3);
    expect(scrolls).toEqual([]);
    fireEvent.mouseLeave(group);
    wait(3000);
    expect(scrolls).toEqual([200]);

    const link = screen.getByRole('link', { name: 'Listing B' });
    act(() => link.focus());
    wait(3000 * 3);
    expect(scrolls).toEqual([200]);
    act(() => link.blur());
    wait(3000);
    expect(scrolls).toEqual([200, 400]);
  });

  it('never advances on its own when reduced motion is preferred; the buttons still move it', () => {
    preferReducedMotion(true);
    const { scrolls } = renderRow();
    wait(3000 * 5);
    expect(scrolls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Pause Online Listings' })).toBeNull();

    // A view is two whole cards here.
    fireEvent.click(screen.getByRole('button', { name: 'Next Online Listings' }));
    expect(scrolls).toEqual([400]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous Online Listings' }));
    expect(scrolls).toEqual([400, 0]);
    // Back from the start wraps round to the end.
    fireEvent.click(screen.getByRole('button', { name: 'Previous Online Listings' }));
    expect(scrolls).toEqual([400, 0, 800]);
  });

  it('stops for good once paused, until played again', () => {
    preferReducedMotion(false);
    const { scrolls } = renderRow();
    const pause = screen.getByRole('button', { name: 'Pause Online Listings' });
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    act(() => pause.blur());
    wait(3000 * 3);
    expect(scrolls).toEqual([]);
    fireEvent.click(pause);
    act(() => pause.blur());
    wait(3000);
    expect(scrolls).toEqual([200]);
  });

  it('does nothing where the row fits: there is nothing to scroll', () => {
    expect(nextScrollLeft({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 }, 200, 1, 'item')).toBeNull();
    expect(nextScrollLeft({ scrollLeft: 0, scrollWidth: 900, clientWidth: 400 }, 200, 1, 'page')).toBe(400);
    expect(nextScrollLeft({ scrollLeft: 400, scrollWidth: 900, clientWidth: 400 }, 200, 1, 'page')).toBe(500);
  });
});
