import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BILLING_MESSAGES, makeBillingFormSchema } from '../../shared/domain/billing.ts';
import { zodResolver } from '../lib/zod-resolver.ts';
import { AddressFields, EMPTY_POSTAL_ADDRESS } from './address-fields.tsx';
import { CardFields, EMPTY_CARD_FIELDS, nextExpirationValue } from './card-fields.tsx';

afterEach(cleanup);

/** A card and its billing address under `payment`, checked by the billing form's schema (shared/domain/billing.ts). */
function PaymentForm() {
  const form = useForm({
    defaultValues: { payment: { ...EMPTY_CARD_FIELDS, ...EMPTY_POSTAL_ADDRESS } },
    resolver: zodResolver(z.object({ payment: makeBillingFormSchema() })),
    mode: 'onTouched',
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Pay" onSubmit={form.handleSubmit(() => {})}>
        <CardFields group="payment" />
        <AddressFields group="payment" section="billing" />
        <button type="submit">Pay</button>
      </form>
    </FormProvider>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the card and address fields', () => {
  it('label every field and name the billing address as such', () => {
    render(<PaymentForm />);
    for (const label of [
      'First name on card',
      'Last name on card',
      'Card number',
      'Expiration (MM/YY)',
      'Security code',
      'Billing address',
      'Billing address line 2 (optional)',
      'Billing city',
      'Billing state',
      'Billing ZIP code',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(input('Card number').autocomplete).toBe('cc-number');
    expect(input('Billing ZIP code').autocomplete).toBe('billing postal-code');
  });

  it('group the card number by four and put in the expiration slash as typed', () => {
    render(<PaymentForm />);
    fireEvent.change(input('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(input('Expiration (MM/YY)'), { target: { value: '1230' } });
    expect(input('Card number').value).toBe('4242 4242 4242 4242');
    expect(input('Expiration (MM/YY)').value).toBe('12/30');
  });

  it('check a touched expiration again on the value shown, slash included', async () => {
    render(<PaymentForm />);
    const expiration = input('Expiration (MM/YY)');
    fireEvent.change(expiration, { target: { value: '13' } });
    fireEvent.blur(expiration);
    await waitFor(() => expect(expiration.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(expiration, { target: { value: '1230' } });
    await waitFor(() => expect(expiration.getAttribute('aria-invalid')).toBe('false'));
    expect(expiration.value).toBe('12/30');
  });

  it("tie each field's message to it with aria-describedby", async () => {
    render(<PaymentForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const city = input('Billing city');
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(city.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(BILLING_MESSAGES.cityRequired);
    const state = screen.getByLabelText('Billing state');
    expect(document.getElementById(state.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      BILLING_MESSAGES.stateRequired,
    );
  });

  it('keep the MM/YY slash automatic without trapping a deletion', () => {
    expect(nextExpirationValue('', '1')).toBe('1');
    expect(nextExpirationValue('1', '12')).toBe('12/');
    expect(nextExpirationValue('12/', '12')).toBe('12');
    expect(nextExpirationValue('12/3', '12/30')).toBe('12/30');
  });
});
