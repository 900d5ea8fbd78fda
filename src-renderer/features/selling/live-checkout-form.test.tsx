import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentOptions } from '../../../shared/contract/billing.ts';
import { PaymentMethod } from '../../../shared/domain/payment.ts';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { SECRET_KEY_EACH_SAVE } from './payment-setup-values.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const NO_SETUP: PaymentOptions = {
  acceptedPaymentMethods: 0,
  liveCheckoutEnabled: false,
  gateway: null,
  gunTab: null,
  hasAcceptedPaymentSetup: false,
};

const GATEWAY_SETUP: PaymentOptions = {
  acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Check,
  liveCheckoutEnabled: true,
  gateway: { provider: 'Stripe', merchantId: 'acct_9' },
  gunTab: null,
  hasAcceptedPaymentSetup: true,
};

function renderSetup(answer: () => Response, stored: PaymentOptions = NO_SETUP) {
  const fetch = createFakeFetch((request) => {
    if (request.url.includes('/users/addOrUpdatePaymentOptions')) return answer();
    if (request.url.endsWith('/users/payment-options')) return jsonResponse(stored);
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  renderApp('/dashboard/selling/livecheckout', {
    fetch,
    platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
  });
  return fetch;
}

describe('set up payments', () => {
  it('needs a gateway or GunTab account for live checkout, with the message on the toggle', async () => {
    const fetch = renderSetup(() => jsonResponse({}));
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    await click(form.getByLabelText('GunTab account'));
    await click(form.getByLabelText(/Let buyers check out on the spot/));
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    const toggle = form.getByLabelText(/Let buyers check out on the spot/);
    const message = await form.findByText('Live checkout needs a payment gateway or a GunTab account.');
    expect(toggle.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.change(form.getByLabelText('GunTab account email'), { target: { value: 'not-an-email' } });
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    expect(await form.findByText('Enter a valid email.')).toBeTruthy();
    expect(
      fetch.requests.filter((request) => request.url.includes('addOrUpdatePaymentOptions')),
    ).toHaveLength(0);
  });

  it('sends the methods, gateway and live checkout, and shows the server’s refusal without clearing the form', async () => {
    const fetch = renderSetup(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'The gateway refused these credentials.',
            fields: { 'gateway.merchantId': 'Unknown merchant id.' },
          },
        },
        400,
      ),
    );
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    await click(form.getByLabelText('Visa'));
    await click(form.getByLabelText('Mastercard'));
    await click(form.getByLabelText('Money order'));
    fireEvent.change(form.getByLabelText('Gateway provider'), { target: { value: 'Authorize.net' } });
    fireEvent.change(form.getByLabelText('Merchant ID'), { target: { value: 'M-1234' } });
    fireEvent.change(form.getByLabelText('Secret key'), { target: { value: 's3cret' } });
    await click(form.getByLabelText(/Let buyers check out on the spot/));
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));

    expect(await form.findByText('Unknown merchant id.')).toBeTruthy();
    const sent = fetch.requests.find((request) => request.url.includes('addOrUpdatePaymentOptions'));
    expect(JSON.parse(String(sent?.body))).toEqual({
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Mastercard | PaymentMethod.MoneyOrder,
      liveCheckoutEnabled: true,
      gateway: { provider: 'Authorize.net', merchantId: 'M-1234', secretKey: 's3cret' },
      gunTabEmail: null,
    });
    expect((form.getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('M-1234');
    expect((form.getByLabelText('Secret key') as HTMLInputElement).value).toBe('s3cret');
    expect((form.getByLabelText('Visa') as HTMLInputElement).checked).toBe(true);
  });

  it('shows a refusal without field messages as a message for the form', async () => {
    renderSetup(() =>
      jsonResponse({ error: { code: 'forbidden', message: 'Only sellers set up payments.' } }, 403),
    );
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    await click(form.getByLabelText('GunTab account'));
    fireEvent.change(form.getByLabelText('GunTab account email'), { target: { value: 'sam@example.com' } });
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    expect((await form.findByRole('alert')).textContent).toBe('Only sellers set up payments.');
    expect((form.getByLabelText('GunTab account email') as HTMLInputElement).value).toBe('sam@example.com');
  });

  it('confirms a saved setup and forgets the secret key', async () => {
    renderSetup(() =>
      jsonResponse({
        acceptedPaymentMethods: PaymentMethod.Visa,
        liveCheckoutEnabled: false,
        gateway: { provider: 'Stripe', merchantId: 'acct_1' },
        gunTab: null,
        hasAcceptedPaymentSetup: true,
      }),
    );
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    await click(form.getByLabelText('Visa'));
    fireEvent.change(form.getByLabelText('Gateway provider'), { target: { value: 'Stripe' } });
    fireEvent.change(form.getByLabelText('Merchant ID'), { target: { value: 'acct_1' } });
    fireEvent.change(form.getByLabelText('Secret key'), { target: { value: 'sk_live_1' } });
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    expect(
      await form.findByText(/Your payment setup is saved. You can now list items for sale./),
    ).toBeTruthy();
    expect((form.getByLabelText('Secret key') as HTMLInputElement).value).toBe('');
    expect(form.getByRole('link', { name: 'List an item' }).getAttribute('href')).toBe(
      '/dashboard/selling/list-item',
    );
  });

  it('fills the form from the stored setup, leaving the secret key empty and saying one is on file', async () => {
    const fetch = renderSetup(() => jsonResponse(GATEWAY_SETUP), GATEWAY_SETUP);
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    expect((form.getByLabelText('Visa') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Check') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Mastercard') as HTMLInputElement).checked).toBe(false);
    expect((form.getByLabelText('Payment gateway') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Gateway provider') as HTMLInputElement).value).toBe('Stripe');
    expect((form.getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('acct_9');
    expect((form.getByLabelText(/Let buyers check out on the spot/) as HTMLInputElement).checked).toBe(true);
    const secret = form.getByLabelText('Secret key') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(form.getByText(/A secret key is on file/)).toBeTruthy();

    // The contract takes a gateway only with its secret key: the form says so instead of sending.
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    expect(await form.findByText(SECRET_KEY_EACH_SAVE)).toBeTruthy();
    expect(fetch.requests.filter((request) => request.url.includes('addOrUpdatePaymentOptions'))).toEqual([]);

    fireEvent.change(secret, { target: { value: 'sk_live_2' } });
    await click(form.getByRole('button', { name: 'Save Payment Setup' }));
    expect(await form.findByText(/Your payment setup is saved/)).toBeTruthy();
    const sent = fetch.requests.find((request) => request.url.includes('addOrUpdatePaymentOptions'));
    expect(JSON.parse(String(sent?.body))).toEqual({
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Check,
      liveCheckoutEnabled: true,
      gateway: { provider: 'Stripe', merchantId: 'acct_9', secretKey: 'sk_live_2' },
      gunTabEmail: null,
    });
  });

  it('fills a GunTab account from the stored setup', async () => {
    renderSetup(() => jsonResponse({}), {
      ...NO_SETUP,
      gunTab: { email: 'sam@example.com', active: true },
      hasAcceptedPaymentSetup: true,
    });
    const form = within(await screen.findByRole('form', { name: 'Payment setup' }));
    expect((form.getByLabelText('GunTab account') as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('GunTab account email') as HTMLInputElement).value).toBe('sam@example.com');
  });
});
