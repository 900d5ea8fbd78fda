import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  STORED_CARD_LIMIT,
  type StoredCard,
  type StoredCardList,
} from '../../../shared/contract/billing-ledger.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { paymentMethodsKey, usePaymentMethods } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { CardForm } from './card-form.tsx';
import { brandLabel } from './format.ts';

export function cardName(card: Pick<StoredCard, 'brand' | 'last4'>): string {
  return `${brandLabel(card.brand)} ending ${card.last4}`;
}

export function cardExpiry(card: Pick<StoredCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

function failureText(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : 'The card could not be changed right now. Please try again.';
}

/**
 * /dashboard/billing/paymentmethods: the stored cards (brand, last four, expiry, the default), a
 * card added with the billing form, another made the default, one removed after a confirmation.
 */
export function PaymentMethods() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const cards = usePaymentMethods();
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const key = paymentMethodsKey(user?.id ?? null);
  const store = (list: StoredCardList) => queryClient.setQueryData(key, list);

  if (cards.isPending) {
    return (
      <LoadingRegion label="Loading your cards">
        <Skeleton height="6rem" />
      </LoadingRegion>
    );
  }
  if (cards.isError) {
    return (
      <div className={styles.stack}>
        <FormError>Your cards could not be loaded. Please try again.</FormError>
        <div className={styles.actions}>
          <Button onClick={() => void cards.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  const list = cards.data.results;
  const full = list.length >= STORED_CARD_LIMIT;
  return (
    <div className={styles.stack}>
      <FormNotice>{notice}</FormNotice>
      <section className={styles.panel} aria-labelledby="cards-heading">
        <h2 id="cards-heading" className={styles.panelHeading}>
          Saved cards
        </h2>
        {list.length === 0 ? (
          <p>You have no saved cards. Add one to pay invoices in one step.</p>
        ) : (
          <ul className={billing.cards} aria-label="Saved cards">
            {list.map((card) => (
              <StoredCardItem
                key={card.id}
                card={card}
                onChanged={(next, message) => {
                  store(next);
                  setNotice(message);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="add-card-heading">
        <h2 id="add-card-heading" className={styles.panelHeading}>
          Add a card
        </h2>
        {full ? (
          <p>You have {STORED_CARD_LIMIT} saved cards, the most allowed. Remove one to add another.</p>
        ) : adding ? (
          <CardForm
            label="Add a card"
            submitLabel="Save card"
            busyLabel="Saving…"
            optionLabel="Make this my default card"
            optionDefault={list.length === 0}
            onSubmit={async (card, makeDefault) => {
              const next = await api.call('billingAddPaymentMethod', { body: { card, makeDefault } });
              store(next);
              setAdding(false);
              setNotice(`Your card ending ${card.cardNumber.slice(-4)} is saved.`);
            }}
            secondary={
              <Button variant="secondary" onClick={() => setAdding(false)}>
                Cancel
              </Button>
            }
          />
        ) : (
          <div className={styles.actions}>
            <p className={styles.muted}>
              The card is checked with the payment processor; only its brand, last four digits and expiry are
              kept here.
            </p>
            <Button
              onClick={() => {
                setNotice(null);
                setAdding(true);
              }}
            >
              Add a card
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

function StoredCardItem({
  card,
  onChanged,
}: {
  card: StoredCard;
  onChanged: (list: StoredCardList, message: string) => void;
}) {
  const api = useApiClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = cardName(card);
  const makeDefault = useMutation({
    mutationFn: () => api.call('billingDefaultPaymentMethod', { params: { id: card.id } }),
    onSuccess: (list) => {
      setError(null);
      onChanged(list, `Your ${name} is now your default card.`);
    },
    onError: (e) => setError(failureText(e)),
  });
  const remove = useMutation({
    mutationFn: () => api.call('billingDeletePaymentMethod', { params: { id: card.id } }),
    onSuccess: (list) => {
      setConfirming(false);
      setError(null);
      onChanged(list, `Your ${name} is removed.`);
    },
    onError: (e) => {
      setConfirming(false);
      setError(failureText(e));
    },
  });
  return (
    <li className={billing.card}>
      <div>
        <div className={styles.lineTitle}>
          {name} {card.isDefault ? <span className={billing.badge}>Default</span> : null}
        </div>
        <div className={styles.muted}>
          {card.holderName}, expires {cardExpiry(card)}
        </div>
      </div>
      <div className={styles.actions}>
        {card.isDefault ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => makeDefault.mutate()}
            disabled={makeDefault.isPending}
            aria-label={`Make ${name} the default`}
          >
            Make default
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      <FormError>{error}</FormError>
      <ModalDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open);
        }}
        title={`Remove your ${name}?`}
        description={
          card.isDefault ? 'Another saved card becomes the default.' : 'It can be added again later.'
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Keep the card
          </Button>
          <Button onClick={() => remove.mutate()} disabled={remove.isPending} aria-busy={remove.isPending}>
            Remove the card
          </Button>
        </DialogActions>
      </ModalDialog>
    </li>
  );
}
