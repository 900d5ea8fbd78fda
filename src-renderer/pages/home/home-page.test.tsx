import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('home page', () => {
  it('greets with the hero and its three ways in', async () => {
    renderApp('/');

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Buy Guns. Sell Guns. Learn about Guns.',
    });
    const hero = within(heading.closest('section') as HTMLElement);
    expect(hero.getByRole('link', { name: 'Buy guns online' }).getAttribute('href')).toBe('/firearms');
    expect(hero.getByRole('link', { name: 'Search local guns' }).getAttribute('href')).toBe(
      '/search?listingType=local',
    );
    expect(hero.getByRole('link', { name: 'Learn about guns' }).getAttribute('href')).toMatch(
      /^https:\/\/digest\./,
    );
    expect(document.title).toBe('Buy Guns Online and Sell Guns Online | Ironsight');
  });

  it('lists the cities of Find Guns Near You', async () => {
    renderApp('/');

    const cities = await screen.findByRole('heading', { level: 2, name: 'Find Guns Near You' });
    const list = within(cities.closest('section') as HTMLElement);
    expect(list.getByRole('link', { name: 'Houston, TX' }).getAttribute('href')).toBe('/guns-houston');
    expect(list.getAllByRole('link')).toHaveLength(20);
  });
});
