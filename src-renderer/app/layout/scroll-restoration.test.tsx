import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.tsx';

const saved = (): [string, number][] => JSON.parse(sessionStorage.getItem('scrollPositions') ?? '[]');

describe('ScrollRestoration', () => {
  afterEach(() => {
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
});
