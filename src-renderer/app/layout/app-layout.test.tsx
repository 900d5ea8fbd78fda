import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('app layout', () => {
  it('offers a skip link to the main content', async () => {
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });

  it('has a header with the logo, Sell, Favorites, Cart and Login', async () => {
    renderApp('/firearms/rifles');
    await screen.findByRole('heading', { level: 1, name: 'Rifles for Sale' });
    const header = within(screen.getByRole('banner'));

    expect(header.getByRole('link', { name: 'Ironsight home' }).getAttribute('href')).toBe('/');
    expect(header.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/sell-guns');
    // Favorites opens its side sheet (features/favorites).
    expect(header.getByRole('button', { name: 'Favorites' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(header.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart/view');
    expect(header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Ffirearms%2Frifles',
    );
    expect(document.querySelector('[data-slot="header-search"]')).not.toBeNull();
  });

  it('has the main category navigation behind a menu toggle on small screens', async () => {
    const { router } = renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(within(nav).getByRole('link', { name: 'Shop Local' }).getAttribute('href')).toBe(
      '/search?zipCode=75207&distance=50&listingType=local',
    );

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');

    await act(() => router.navigate('/firearms'));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('has a footer with buyer, seller, help and legal links, social links and the year', async () => {
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const footer = within(screen.getByRole('contentinfo'));

    for (const heading of ['Buy', 'Sell', 'Help', 'Legal']) {
      expect(footer.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(footer.getByRole('navigation', { name: 'Social media' })).toBeTruthy();
    expect(footer.getByText(`© ${new Date().getFullYear()} Ironsight. All rights reserved.`)).toBeTruthy();
  });
});
