import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { MembershipPlan } from '../../../shared/contract/user-profile.ts';
import { feeText, monthlyPriceText } from '../../../shared/domain/fee-text.ts';
import {
  formatCents,
  LISTING_OPTION_FEES,
  MEMBERSHIP_PLANS,
  type MembershipPlanTerms,
  PLAN_ORDER,
  type PlanRole,
  periodOf,
  planOfRoles,
  prorationCents,
} from '../../../shared/domain/membership.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { useCurrentUser, useSession, useStoreToken } from '../../lib/session/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from '../../ui/commerce.module.css';
import { FormError, FormNotice } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { BILLING_ROOT } from './api/billing-queries.ts';
import billing from './billing.module.css';
import { includedOptionNames, listingLimitLabel, periodLabel } from './format.ts';

const listingsToCloseSchema = z.object({
  listingsToClose: z.array(z.object({ id: z.string(), title: z.string() })),
});
type ListingToClose = z.infer<typeof listingsToCloseSchema>['listingsToClose'][number];

type Outcome =
  | { kind: 'changed'; plan: PlanRole; cents: number }
  | { kind: 'overLimit'; message: string; listings: ListingToClose[] }
  | { kind: 'failed'; message: string };

/** What a change costs or gives back now, in words. */
function prorationText(cents: number, at: Date): string {
  const month = periodLabel(periodOf(at));
  if (cents > 0) return `${formatCents(cents)} for the rest of ${month} is added to your next invoice.`;
  if (cents < 0) return `${formatCents(-cents)} for the rest of ${month} is credited to your account.`;
  return 'Nothing is charged or credited for the rest of this month.';
}

/**
 * /membership: the plans table (price, listing limit, fees, perks) and the paid listing options.
 * A signed-in user picks a plan: the prorated charge or credit is stated before and after, and the
 * session takes the token the change answers, so the new role applies at once. A downgrade below
 * the seller's active listings names the listings to close.
 */
export function MembershipPlans() {
  const session = useSession();
  const user = useCurrentUser();
  // The page is rendered on the server for everyone: who is reading it shows once it is hydrated.
  const hydrated = useHydrated();
  const current = hydrated && user ? planOfRoles(user.roles) : null;
  const [choosing, setChoosing] = useState<PlanRole | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const plans = PLAN_ORDER.map((role) => MEMBERSHIP_PLANS[role]);

  return (
    <div className={styles.stack}>
      {outcome?.kind === 'changed' ? (
        <FormNotice>
          You are now on the {MEMBERSHIP_PLANS[outcome.plan].name} plan.{' '}
          {prorationText(outcome.cents, new Date())}
        </FormNotice>
      ) : null}
      {outcome?.kind === 'failed' ? <FormError>{outcome.message}</FormError> : null}
      {outcome?.kind === 'overLimit' ? (
        <OverLimit message={outcome.message} listings={outcome.listings} />
      ) : null}

      <div className={billing.tableScroll}>
        <table className={`${styles.table} ${billing.planTable}`}>
          <caption className={billing.caption}>Membership plans</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">Active listings</th>
              <th scope="col">Final value fee</th>
              <th scope="col">Included listing options</th>
              <th scope="col">Perks</th>
              {current ? <th scope="col">Your plan</th> : null}
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <PlanRow
                key={plan.role}
                plan={plan}
                current={current}
                onChoose={() => {
                  setOutcome(null);
                  setChoosing(plan.role);
                }}
              />
            ))}
          </tbody>
        </table>
      </div>

      {hydrated && session.status === 'signedOut' ? (
        <section className={styles.panel} aria-labelledby="membership-sign-in">
          <h2 id="membership-sign-in" className={styles.panelHeading}>
            Choose a plan
          </h2>
          <p>Log in or create an account to choose a plan.</p>
          <div className={styles.actions}>
            <LinkButton to={paths.login(paths.membership())}>Log in to choose a plan</LinkButton>
            <LinkButton to={paths.register()} variant="secondary">
              Create an account
            </LinkButton>
          </div>
        </section>
      ) : null}

      <OptionFees />

      {choosing && current ? (
        <ChangePlanDialog
          from={current}
          to={choosing}
          onClose={() => setChoosing(null)}
          onDone={(result) => {
            setChoosing(null);
            setOutcome(result);
          }}
        />
      ) : null}
    </div>
  );
}

function PlanRow({
  plan,
  current,
  onChoose,
}: {
  plan: MembershipPlanTerms;
  current: PlanRole | null;
  onChoose: () => void;
}) {
  const included = includedOptionNames(plan);
  return (
    <tr>
      <th scope="row">{plan.name}</th>
      <td data-label="Price">{monthlyPriceText(plan)}</td>
      <td data-label="Active listings">{listingLimitLabel(plan)}</td>
      <td data-label="Final value fee">{feeText(plan.finalValueFee)}</td>
      <td data-label="Included listing options">{included.length > 0 ? included.join(', ') : 'None'}</td>
      <td data-label="Perks">
        <ul className={billing.perks}>
          {plan.perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      </td>
      {current ? (
        <td className={billing.planChoice}>
          {current === plan.role ? (
            <span className={billing.badge}>Current plan</span>
          ) : (
            <Button size="sm" variant="secondary" onClick={onChoose}>
              Choose {plan.name}
            </Button>
          )}
        </td>
      ) : null}
    </tr>
  );
}

function OptionFees() {
  return (
    <section className={styles.panel} aria-labelledby="membership-options">
      <h2 id="membership-options" className={styles.panelHeading}>
        Paid listing options
      </h2>
      <p className={styles.muted}>
        Charged when a listing takes the option, unless your plan includes it; fees are billed monthly.
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">Listing option fees</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          {LISTING_OPTION_FEES.map((entry) => (
            <tr key={entry.name}>
              <th scope="row">{entry.label}</th>
              <td>{feeText(entry.fee)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function OverLimit({ message, listings }: { message: string; listings: ListingToClose[] }) {
  return (
    <div role="alert" className={billing.alertPanel}>
      <p>{message}</p>
      {listings.length > 0 ? (
        <>
          <h2 className={styles.lineTitle}>Listings to close</h2>
          <ul>
            {listings.map((listing) => (
              <li key={listing.id}>
                <Link to={paths.listing(listing.id, listing.title)}>{listing.title}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to={paths.to('dashboard.selling.listings')}>Manage my listings</Link>
    </div>
  );
}

function ChangePlanDialog({
  from,
  to,
  onClose,
  onDone,
}: {
  from: PlanRole;
  to: PlanRole;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const storeToken = useStoreToken();
  const [now] = useState(() => new Date());
  const estimate = prorationCents(from, to, now);
  const target = MEMBERSHIP_PLANS[to];
  const change = useMutation({
    mutationFn: async () => {
      const result = await api.call('usersUpdateMembershipPlan', { body: { plan: to as MembershipPlan } });
      // The token carries the new role: the menus and listing rules follow it at once.
      await storeToken(result.jwtToken);
      return result;
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: [BILLING_ROOT] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      // Whether the account may list follows the plan (its listing limit).
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      onDone({ kind: 'changed', plan: result.plan as PlanRole, cents: estimate });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        const parsed = listingsToCloseSchema.safeParse(error.body);
        onDone({
          kind: 'overLimit',
          message: error.message,
          listings: parsed.success ? parsed.data.listingsToClose : [],
        });
        return;
      }
      onDone({
        kind: 'failed',
        message:
          isApiError(error) && error.status > 0 && error.status < 500
            ? error.message
            : 'Your plan could not be changed right now. Please try again.',
      });
    },
  });
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={`Change to ${target.name}?`}
      description={`From ${MEMBERSHIP_PLANS[from].name} to ${target.name} (${monthlyPriceText(target)}).`}
    >
      <p>{prorationText(estimate, now)}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
          Keep my plan
        </Button>
        <Button onClick={() => change.mutate()} disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? 'Changing…' : `Change to ${target.name}`}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
