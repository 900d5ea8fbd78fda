import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.tsx';

const saved = (): [string, number][] => JSON.parse(sessionStorage.getItem('scrollPositions') ?? '[]');

describe('ScrollRestoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '');
    sessionStorage.clear();
    window.scrollTo(0, 0);
  });

  it('keeps where the page is when it is left, though no frame has recorded the scroll yet', () => {
    const view = render(
      <MemoryRouter initialEntries={[{ pathname: '/firearms/rifles', key: 'rifles' }]}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    // A reload straight after a scroll: the page hides before the scroll's frame comes round.
    window.scrollTo(0, 600);
    window.dispatchEvent(new Event('pagehide'));
    expect(saved()).toContainEqual(['rifles', 600]);
    view.unmount();
  });

  it("keeps each document's first entry apart, so Back to another document returns to where it was left", () => {
    /** A document opened on `pathname`, whose first entry the router keys 'default', as it does in every document. */
    const open = (pathname: string) =>
      render(
        <MemoryRouter initialEntries={[{ pathname, key: 'default' }]}>
          <ScrollRestoration />
        </MemoryRouter>,
      );
    const navigation = (type: NavigationTimingType) =>
      vi
        .spyOn(performance, 'getEntriesByType')
        .mockReturnValue([{ type } as PerformanceNavigationTiming] as PerformanceEntryList);

    navigation('navigate');
    const handguns = open('/firearms/handguns');
    window.scrollTo(0, 900);
    window.dispatchEvent(new Event('pagehide'));
    const handgunsEntry = history.state as { scrollKey: string };
    handguns.unmount();

    // A link followed as a document: a new entry, with no state of its own.
    history.replaceState(null, '');
    const sellGuns = open('/sell-guns');
    window.scrollTo(0, 0);
    window.dispatchEvent(new Event('pagehide'));
    sellGuns.unmount();
    expect(saved()).toContainEqual([handgunsEntry.scrollKey, 900]);
    expect(saved().filter(([key]) => key === handgunsEntry.scrollKey)).toHaveLength(1);

    // Back: the browser brings the first document's entry, state and all, into a new document.
    history.replaceState(handgunsEntry, '');
    navigation('back_forward');
    const back = open('/firearms/handguns');
    expect(window.scrollY).toBe(900);
    back.unmount();
  });
});
