import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EscrowAccount } from '../../../shared/contract/billing.ts';
import type { AccountPayment, InvoiceDetail, StoredCard } from '../../../shared/contract/billing-ledger.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));
/** The request to a URL ending so, once sent (the client loads its contract before the first call). */
async function sent(
  fetch: { requests: RecordedRequest[] },
  ending: string,
  method = 'POST',
): Promise<RecordedRequest> {
  let found: RecordedRequest | undefined;
  await waitFor(() => {
    found = fetch.requests.findLast((r) => r.url.endsWith(ending) && r.method === method);
    expect(found).toBeTruthy();
  });
  return found as RecordedRequest;
}
const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
const sellerPlatform = () => createMemoryPlatform(fakeToken(SELLER_CLAIMS));

const INVOICE_ID = 'a1000000-0000-4000-8000-000000000001';
const CARD_ID = 'c1000000-0000-4000-8000-000000000001';
const OTHER_CARD_ID = 'c1000000-0000-4000-8000-000000000002';

function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: INVOICE_ID,
    number: 'INV-2026-000042',
    period: '2026-03',
    status: 'open',
    total: 9.95,
    creditApplied: 4,
    paid: 0,
    amountDue: 5.95,
    issuedAt: '2026-04-01T00:00:00.000Z',
    dueAt: '2026-04-15T00:00:00.000Z',
    paidAt: null,
    pastDue: false,
    lines: [
      {
        kind: 'Fee',
        description: 'Homepage option: Magpul sling',
        amount: 9.95,
        postedAt: '2026-03-10T12:00:00.000Z',
      },
    ],
    billedTo: { name: 'Sam Seller', email: 'seller@example.com' },
    ...overrides,
  };
}

function storedCard(overrides: Partial<StoredCard> = {}): StoredCard {
  return {
    id: CARD_ID,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    holderName: 'Sam Seller',
    isDefault: true,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

const summary = {
  plan: 'BasicSeller',
  availableBalance: 0,
  escrowHeld: 0,
  unbilled: 1,
  amountDue: 5.95,
  pastDueAmount: 0,
};

describe('membership', () => {
  it('shows a visitor every plan with its price, limit and fees, and a sign-in link', async () => {
    renderApp('/membership');
    const table = await screen.findByRole('table', { name: 'Membership plans' });
    const trusted = within(table).getByRole('row', { name: /Trusted Seller/ });
    expect(within(trusted).getByText('$19.95 a month')).toBeTruthy();
    expect(within(trusted).getByText('500')).toBeTruthy();
    expect(within(trusted).getByText('3.5% (at least $1.00)')).toBeTruthy();
    expect(within(trusted).getByText('Bold')).toBeTruthy();
    const platinum = within(table).getByRole('row', { name: /Platinum Seller/ });
    expect(within(platinum).getByText('Unlimited')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).queryByRole('button')).toBeNull();
    const login = await screen.findByRole('link', { name: 'Log in to choose a plan' });
    expect(login.getAttribute('href')).toBe('/login?returnUrl=%2Fmembership');
    expect(screen.getByRole('table', { name: 'Listing option fees' })).toBeTruthy();
  });

  it('changes the plan after stating the prorated charge, and signs in with the new role', async () => {
    const upgraded = fakeToken({ ...SELLER_CLAIMS, role: ['Buyer', 'TrustedSeller'] });
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/users/updateMembershipPlan')
        ? jsonResponse({ plan: 'TrustedSeller', jwtToken: upgraded })
        : notFound(),
    );
    const platform = sellerPlatform();
    renderApp('/membership', { fetch, platform });
    const table = await screen.findByRole('table', { name: 'Membership plans' });
    await waitFor(() =>
      expect(
        within(within(table).getByRole('row', { name: /Basic Seller/ })).getByText('Current plan'),
      ).toBeTruthy(),
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Choose Trusted Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Trusted Seller?' });
    expect(within(dialog).getByText(/is added to your next invoice\.$/)).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Trusted Seller' })),
    );
    expect(bodyOf(await sent(fetch, '/api/users/updateMembershipPlan'))).toEqual({ plan: 'TrustedSeller' });
    const notice = await screen.findByText(/^You are now on the Trusted Seller plan\./);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toMatch(
      /^You are now on the Trusted Seller plan\. \$\d+\.\d\d for the rest of \w+ \d{4} is added to your next invoice\.$/,
    );
    expect(await platform.getToken()).toBe(upgraded);
    await waitFor(() =>
      expect(
        within(within(table).getByRole('row', { name: /Trusted Seller/ })).getByText('Current plan'),
      ).toBeTruthy(),
    );
  });

  it('names the listings to close when the new plan allows fewer', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/users/updateMembershipPlan')
        ? jsonResponse(
            {
              listingsToClose: [{ id: 'b1000000-0000-4000-8000-000000000001', title: 'Listing 100' }],
              error: {
                code: 'conflict',
                message:
                  'The Basic Seller plan allows 100 active listings. Close 1 listing first: “Listing 100”.',
              },
            },
            409,
          )
        : notFound(),
    );
    const platform = createMemoryPlatform(fakeToken({ ...SELLER_CLAIMS, role: ['Buyer', 'TrustedSeller'] }));
    renderApp('/membership', { fetch, platform });
    const table = await screen.findByRole('table', { name: 'Membership plans' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Choose Basic Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Basic Seller?' });
    expect(within(dialog).getByText(/is credited to your account\.$/)).toBeTruthy();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Basic Seller' })),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The Basic Seller plan allows 100 active listings.');
    const link = within(alert).getByRole('link', { name: 'Listing 100' });
    expect(link.getAttribute('href')).toBe('/b1000000-0000-4000-8000-000000000001/listing-100');
    expect(within(table).getByRole('row', { name: /Trusted Seller/ }).textContent).toContain('Current plan');
  });
});

describe('invoices', () => {
  it('lists the invoices with the summary, or says there are none', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/billing/summary')) return jsonResponse(summary);
      if (request.url.endsWith('/api/billing/invoices')) return jsonResponse({ results: [invoice()] });
      return notFound();
    });
    renderApp('/dashboard/billing/invoices', { fetch, platform: sellerPlatform() });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getByRole('row', { name: /INV-2026-000042/ });
    expect(within(row).getByText('March 2026')).toBeTruthy();
    expect(within(row).getByText('$9.95')).toBeTruthy();
    expect(within(row).getByText('$5.95')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Invoice INV-2026-000042' }).getAttribute('href')).toBe(
      `/dashboard/billing/invoices/${INVOICE_ID}`,
    );
    const facts = await screen.findByRole('region', { name: 'Summary' });
    expect(within(facts).getByText('Basic Seller')).toBeTruthy();
    expect(within(facts).getByText('$1.00')).toBeTruthy();
  });

  it('shows the empty and the failed list', async () => {
    let fail = true;
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/billing/summary')) return jsonResponse(summary);
      if (request.url.endsWith('/api/billing/invoices'))
        return fail
          ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, 500)
          : jsonResponse({ results: [] });
      return notFound();
    });
    renderApp('/dashboard/billing/invoices', { fetch, platform: sellerPlatform() });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your invoices could not be loaded. Please try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have no invoices yet\./)).toBeTruthy();
  });

  it('shows an invoice with its lines, credit and totals, downloads its PDF with the token, and pays it with the default card', async () => {
    let current = invoice();
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith(`/api/billing/invoices/${INVOICE_ID}/pdf`))
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      if (request.url.endsWith(`/api/billing/invoices/${INVOICE_ID}/pay`)) {
        current = invoice({ status: 'paid', paid: 5.95, amountDue: 0, paidAt: '2026-04-02T00:00:00.000Z' });
        const { lines: _lines, billedTo: _billedTo, ...summaryOnly } = current;
        return jsonResponse({ invoice: summaryOnly, jwtToken: null });
      }
      if (request.url.endsWith(`/api/billing/invoices/${INVOICE_ID}`)) return jsonResponse(current);
      if (request.url.endsWith('/api/billing/payment-methods'))
        return jsonResponse({
          results: [
            storedCard(),
            storedCard({ id: OTHER_CARD_ID, last4: '4444', brand: 'mastercard', isDefault: false }),
          ],
        });
      return notFound();
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`/dashboard/billing/invoices/${INVOICE_ID}`, { fetch, platform: sellerPlatform() });

    const document = await screen.findByRole('article', { name: 'Invoice INV-2026-000042' });
    expect(within(document).getByText('Sam Seller')).toBeTruthy();
    const lines = within(document).getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByRole('row', { name: /Homepage option: Magpul sling \$9\.95/ })).toBeTruthy();
    const totals = within(document).getByLabelText('Invoice totals');
    expect(totals.textContent).toBe('Total$9.95Credit applied-$4.00Paid$0.00Amount due$5.95');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download PDF' })));
    const pdf = await sent(fetch, `/api/billing/invoices/${INVOICE_ID}/pdf`, 'GET');
    expect(pdf.headers.get('authorization')).toMatch(/^Bearer /);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();

    const pay = await screen.findByRole('region', { name: 'Pay $5.95' });
    const visa = await within(pay).findByRole('radio', { name: /Visa ending 4242/ });
    expect((visa as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(within(pay).getByRole('button', { name: 'Pay $5.95' })));
    expect(bodyOf(await sent(fetch, `/api/billing/invoices/${INVOICE_ID}/pay`))).toEqual({
      paymentMethodId: CARD_ID,
    });
    expect(
      (await screen.findByText('Paid $5.95 with your Visa ending 4242. Thank you.')).getAttribute('role'),
    ).toBe('status');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pay $5.95' })).toBeNull());
    expect(within(document).getByText('Paid', { selector: 'span' })).toBeTruthy();
  });

  it('keeps a new card as typed when the payment is declined', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith(`/api/billing/invoices/${INVOICE_ID}/pay`))
        return jsonResponse({ error: { code: 'payment_required', message: 'Your card was declined.' } }, 402);
      if (request.url.endsWith(`/api/billing/invoices/${INVOICE_ID}`)) return jsonResponse(invoice());
      if (request.url.endsWith('/api/billing/payment-methods')) return jsonResponse({ results: [] });
      return notFound();
    });
    renderApp(`/dashboard/billing/invoices/${INVOICE_ID}`, { fetch, platform: sellerPlatform() });
    const form = await screen.findByRole('form', { name: 'Pay with a new card' });
    fillCard(form, '4000000000000002');
    fireEvent.click(within(form).getByLabelText('Save this card for later'));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Pay $5.95' })));
    expect((await within(form).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(bodyOf(await sent(fetch, '/pay'))).toMatchObject({
      saveCard: true,
      card: { cardNumber: '4000000000000002', state: 'TX' },
    });
    expect((within(form).getByLabelText('Card number') as HTMLInputElement).value).toBe(
      '4000 0000 0000 0002',
    );
    expect((within(form).getByLabelText('Billing city') as HTMLInputElement).value).toBe('Dallas');
  });

  it('says when the invoice is not the account’s', async () => {
    renderApp(`/dashboard/billing/invoices/${INVOICE_ID}`, { platform: sellerPlatform() });
    expect((await screen.findByRole('alert')).textContent).toBe('This invoice was not found.');
  });
});

function fillCard(form: HTMLElement, number: string) {
  const set = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  set('First name on card', 'Sam');
  set('Last name on card', 'Seller');
  set('Card number', number);
  set('Expiration (MM/YY)', '12/30');
  set('Security code', '123');
  set('Billing address', '100 Main Street');
  set('Billing city', 'Dallas');
  set('Billing state', 'TX');
  set('Billing ZIP code', '75207');
}

describe('payments', () => {
  it('shows the payments in dollars and the escrow balance', async () => {
    const payments: AccountPayment[] = [
      {
        id: 'e1000000-0000-4000-8000-000000000001',
        purpose: 'Invoice',
        amount: 1234.5,
        status: 'Approved',
        cardBrand: 'visa',
        cardLast4: '4242',
        failureMessage: null,
        createdAt: '2026-04-02T00:00:00.000Z',
      },
      {
        id: 'e1000000-0000-4000-8000-000000000002',
        purpose: 'PastDue',
        amount: 5.95,
        status: 'Declined',
        cardBrand: 'visa',
        cardLast4: '0002',
        failureMessage: 'Your card was declined.',
        createdAt: '2026-04-01T00:00:00.000Z',
      },
    ];
    const escrow: EscrowAccount = {
      userId: 'd1000000-0000-4000-8000-000000000002',
      email: 'seller@example.com',
      balance: 200,
      pendingBalance: 0,
      entries: [
        {
          id: 'f1000000-0000-4000-8000-000000000001',
          kind: 'Release',
          amount: 200,
          description: 'Order IS-000001 released',
          createdAt: '2026-04-03T00:00:00.000Z',
        },
      ],
    };
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/billing/payments')) return jsonResponse({ results: payments });
      if (request.url.endsWith('/api/users/getEscrowAccount')) return jsonResponse(escrow);
      return notFound();
    });
    renderApp('/dashboard/billing/payments', { fetch, platform: sellerPlatform() });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table).getByRole('row', { name: /Invoice Visa ending 4242 \$1,234\.50 Approved/ }),
    ).toBeTruthy();
    expect(
      within(table).getByRole('row', {
        name: /Past-due balance .* \$5\.95 Declined Your card was declined\./,
      }),
    ).toBeTruthy();
    const balance = await screen.findByRole('region', { name: 'Escrow balance' });
    expect(within(balance).getByText('$200.00', { selector: 'dd' })).toBeTruthy();
    expect(
      within(balance).getByRole('row', { name: /Released Order IS-000001 released \$200\.00/ }),
    ).toBeTruthy();
    expect(bodyOf(await sent(fetch, '/api/users/getEscrowAccount'))).toEqual({
      userId: 'd1000000-0000-4000-8000-000000000002',
    });
  });

  it('says when there are no payments yet', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/billing/payments')) return jsonResponse({ results: [] });
      return notFound();
    });
    renderApp('/dashboard/billing/payments', { fetch, platform: sellerPlatform() });
    expect(await screen.findByText('You have made no payments yet.')).toBeTruthy();
    expect(
      await screen.findByText('Your escrow balance could not be loaded. Please try again.'),
    ).toBeTruthy();
  });
});

describe('payment methods', () => {
  function cardServer() {
    let cards: StoredCard[] = [storedCard()];
    return createFakeFetch((request) => {
      const url = request.url;
      if (url.endsWith('/api/billing/payment-methods') && request.method === 'POST') {
        const { card, makeDefault } = bodyOf(request);
        if (card.cardNumber === '4000000000000002')
          return jsonResponse(
            { error: { code: 'payment_required', message: 'Your card was declined.' } },
            402,
          );
        cards = [
          ...cards.map((c) => (makeDefault ? { ...c, isDefault: false } : c)),
          storedCard({
            id: OTHER_CARD_ID,
            brand: 'mastercard',
            last4: card.cardNumber.slice(-4),
            isDefault: makeDefault,
          }),
        ];
        return jsonResponse({ results: cards });
      }
      if (url.endsWith(`/api/billing/payment-methods/${OTHER_CARD_ID}/default`)) {
        cards = cards.map((c) => ({ ...c, isDefault: c.id === OTHER_CARD_ID }));
        return jsonResponse({ results: cards });
      }
      if (url.endsWith(`/api/billing/payment-methods/${CARD_ID}`) && request.method === 'DELETE') {
        cards = cards.filter((c) => c.id !== CARD_ID);
        return jsonResponse({ results: cards });
      }
      if (url.endsWith('/api/billing/payment-methods')) return jsonResponse({ results: cards });
      return notFound();
    });
  }

  it('lists, adds (checking the form first, keeping it on a decline), makes default and removes cards', async () => {
    const fetch = cardServer();
    renderApp('/dashboard/billing/paymentmethods', { fetch, platform: sellerPlatform() });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const visa = within(list).getByRole('listitem');
    expect(visa.textContent).toContain('Visa ending 4242');
    expect(visa.textContent).toContain('expires 12/2030');
    expect(within(visa).getByText('Default')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save card' })));
    expect(await within(form).findByText('Card number is required.')).toBeTruthy();
    expect(within(form).getByText('CVV is required.')).toBeTruthy();
    expect(within(form).getByText('State is required.')).toBeTruthy();
    expect(within(form).getByText('Zipcode is required.')).toBeTruthy();
    expect(
      fetch.requests.some((r) => r.url.endsWith('/api/billing/payment-methods') && r.method === 'POST'),
    ).toBe(false);

    fillCard(form, '4000000000000002');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save card' })));
    expect((await within(form).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect((within(form).getByLabelText('Security code') as HTMLInputElement).value).toBe('123');

    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '5555555555554444' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save card' })));
    expect((await screen.findByText('Your card ending 4444 is saved.')).getAttribute('role')).toBe('status');
    expect(bodyOf(await sent(fetch, '/api/billing/payment-methods'))).toMatchObject({
      makeDefault: false,
      card: { cardNumber: '5555555555554444', expiration: '12/30' },
    });

    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Make Mastercard ending 4444 the default' })),
    );
    expect(
      (await screen.findByText('Your Mastercard ending 4444 is now your default card.')).getAttribute('role'),
    ).toBe('status');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your Visa ending 4242?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the card' })));
    await waitFor(() => expect(screen.queryByText('Visa ending 4242')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
  });

  it('offers to add a first card when none is saved', async () => {
    const fetch = createFakeFetch((request) =>
      request.url.endsWith('/api/billing/payment-methods') ? jsonResponse({ results: [] }) : notFound(),
    );
    renderApp('/dashboard/billing/paymentmethods', { fetch, platform: sellerPlatform() });
    expect(await screen.findByText(/You have no saved cards\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    expect((within(form).getByLabelText('Make this my default card') as HTMLInputElement).checked).toBe(true);
  });
});
