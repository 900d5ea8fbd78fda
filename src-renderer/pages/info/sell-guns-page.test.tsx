import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { feeText, listingLimitText, monthlyPriceText } from '../../../shared/domain/fee-text.ts';
import { LISTING_OPTION_FEES, MEMBERSHIP_PLANS } from '../../../shared/domain/membership.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('sell guns page', () => {
  it('shows each seller plan with its price, listing limit and final value fee from the membership table', async () => {
    renderApp('/sell-guns');
    const plans = await screen.findByRole('list', { name: 'Seller plans' });
    const cards = within(plans).getAllByRole('listitem');
    const sellerPlans = [
      MEMBERSHIP_PLANS.BasicSeller,
      MEMBERSHIP_PLANS.TrustedSeller,
      MEMBERSHIP_PLANS.PlatinumSeller,
    ];
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(
      sellerPlans.map((plan) => plan.name),
    );
    sellerPlans.forEach((plan, index) => {
      const card = cards[index] as HTMLElement;
      expect(card.textContent).toContain(monthlyPriceText(plan));
      expect(card.textContent).toContain(listingLimitText(plan));
      expect(card.textContent).toContain(feeText(plan.finalValueFee));
    });
    // The figures read as a visitor sees them.
    expect(within(cards[1] as HTMLElement).getByText('$19.95 a month')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('5% (at least $1.00)')).toBeTruthy();
    expect(
      screen.getByText(/on a \$500\.00 sale the final value fee is \$25\.00 on Basic Seller/),
    ).toBeTruthy();
  });

  it('prices every listing option and leads to registration and the membership plans', async () => {
    renderApp('/sell-guns');
    const options = await screen.findByRole('table', { name: 'Listing options and their prices' });
    for (const entry of LISTING_OPTION_FEES) {
      const row = within(options).getByRole('row', { name: (name) => name.startsWith(entry.label) });
      expect(within(row).getByRole('cell').textContent).toBe(feeText(entry.fee));
    }
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'See membership plans' }).getAttribute('href')).toBe(
      '/membership',
    );
    expect(screen.getByRole('link', { name: 'membership page' }).getAttribute('href')).toBe('/membership');
    expect(screen.getByRole('link', { name: 'Identify your firearm' }).getAttribute('href')).toBe(
      '/identify',
    );
  });
});
