import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminAccountAction, AdminUserDetail } from '../../../shared/contract/admin.ts';
import { FreezeReason, Role, UserOption } from '../../../shared/domain/user.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { useStartViewingAs } from '../../lib/session/impersonation.ts';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useAccountAction, useAddCredit, useImpersonationToken } from './api/admin-queries.ts';
import { TextField } from './console-forms.tsx';
import { formatMoney } from './console-parts.tsx';

export type ActionKind =
  | 'viewAs'
  | 'addCredit'
  | 'freeze'
  | 'unfreeze'
  | 'lock'
  | 'unlock'
  | 'forcePasswordReset'
  | 'setRoles'
  | 'resendConfirmation'
  | 'valuationAccess';

export const FREEZE_LABELS: Record<FreezeReason, string> = {
  NonPayment: 'Non-payment (past-due balance)',
  Fraud: 'Fraud (also freezes their listings)',
};

const MAX_CREDIT = 10_000;

/** The account has the valuation option (WhatIsMyGunWorthAllowed), which staff grant. */
export const hasValuationAccess = (user: AdminUserDetail): boolean =>
  (user.userOptions & UserOption.WhatIsMyGunWorthAllowed) !== 0;

/** The confirmation of one action: what it asks, its fields, and what it does. */
export interface ActionDialog {
  title: string;
  confirm: string;
  onConfirm: () => Promise<unknown>;
  body?: ReactNode;
  disabled?: boolean;
}

function FreezeReasonField({
  label,
  reasons,
  value,
  onChange,
}: {
  label: string;
  reasons: readonly FreezeReason[];
  value: FreezeReason;
  onChange: (reason: FreezeReason) => void;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <SelectInput
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value as FreezeReason)}
        >
          {reasons.map((reason) => (
            <option key={reason} value={reason}>
              {FREEZE_LABELS[reason]}
            </option>
          ))}
        </SelectInput>
      )}
    </FormField>
  );
}

/** A credit's amount: empty (nothing to say yet) or dollars and cents within the limit. */
function creditProblemOf(amount: string): string | null {
  const value = Number(amount);
  if (amount === '') return null;
  return !(value >= 0.01 && value <= MAX_CREDIT) || Math.round(value * 100) !== value * 100
    ? `Enter an amount from $0.01 to $${MAX_CREDIT.toLocaleString('en-US')}, in cents at most.`
    : null;
}

/**
 * The staff actions on one account, each behind a confirmation naming the user; `prepare` sets a
 * dialog's choices back to the account's state before it opens. `onDone` says what was done.
 */
export function useUserActionDialogs(user: AdminUserDetail, onDone: (message: string) => void) {
  const [freezeReason, setFreezeReason] = useState<FreezeReason>('NonPayment');
  const [unfreezeReason, setUnfreezeReason] = useState<FreezeReason>(user.freezeReasons[0] ?? 'NonPayment');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [roles, setRoles] = useState<string[]>(user.roles);
  const act = useAccountAction(user.id);
  const addCredit = useAddCredit();
  const token = useImpersonationToken();
  const startViewingAs = useStartViewingAs();
  const navigate = useNavigate();
  const who = `${user.firstName} ${user.lastName} (${user.email})`;
  const notFrozen = Object.values(FreezeReason).filter((reason) => !user.freezeReasons.includes(reason));
  const creditProblem = creditProblemOf(amount);
  const mayValue = hasValuationAccess(user);

  const run = (body: AdminAccountAction, message: string) => async () => {
    await act.mutateAsync(body);
    onDone(message);
  };

  const dialogs: Record<ActionKind, ActionDialog> = {
    viewAs: {
      title: `View the site as ${who}?`,
      confirm: 'View as this user',
      body: (
        <p>
          You will see what they see. Their password, email and payments stay out of reach; the view lasts at
          most an hour and is recorded in the audit log.
        </p>
      ),
      onConfirm: async () => {
        const { token: viewToken } = await token.mutateAsync(user.id);
        await startViewingAs(viewToken);
        navigate(paths.dashboard());
      },
    },
    addCredit: {
      title: `Add credit to ${who}`,
      confirm: 'Add credit',
      disabled: amount === '' || creditProblem !== null || description.trim() === '',
      body: (
        <>
          <TextField
            label="Amount (USD)"
            error={creditProblem ?? undefined}
            help={`At most $${MAX_CREDIT.toLocaleString('en-US')}.`}
            inputMode="decimal"
            value={amount}
            onValue={setAmount}
          />
          <TextField
            label="Description"
            help="Shown in the user's escrow account."
            maxLength={500}
            value={description}
            onValue={setDescription}
          />
        </>
      ),
      onConfirm: async () => {
        const result = await addCredit.mutateAsync({
          userId: user.id,
          amount: Number(amount),
          description: description.trim(),
        });
        setAmount('');
        setDescription('');
        onDone(`Added ${formatMoney(result.amount)}; the balance is ${formatMoney(result.balance)}.`);
      },
    },
    freeze: {
      title: `Freeze ${who}?`,
      confirm: 'Freeze account',
      body: (
        <FreezeReasonField
          label="Reason"
          reasons={notFrozen}
          value={freezeReason}
          onChange={setFreezeReason}
        />
      ),
      onConfirm: run({ action: 'freeze', reason: freezeReason }, 'The account is frozen.'),
    },
    unfreeze: {
      title: `Unfreeze ${who}?`,
      confirm: 'Unfreeze account',
      body: (
        <FreezeReasonField
          label="Lift the freeze for"
          reasons={user.freezeReasons}
          value={unfreezeReason}
          onChange={setUnfreezeReason}
        />
      ),
      onConfirm: run({ action: 'unfreeze', reason: unfreezeReason }, 'The freeze is lifted.'),
    },
    lock: {
      title: `Lock ${who}?`,
      confirm: 'Lock account',
      body: <p>Their sessions end at once and they cannot use the site until unlocked.</p>,
      onConfirm: run({ action: 'lock' }, 'The account is locked.'),
    },
    unlock: {
      title: `Unlock ${who}?`,
      confirm: 'Unlock account',
      onConfirm: run({ action: 'unlock' }, 'The account is unlocked.'),
    },
    forcePasswordReset: {
      title: `Force a password reset for ${who}?`,
      confirm: 'Force reset',
      body: <p>Their sessions end and they are e-mailed a link to choose a new password.</p>,
      onConfirm: run({ action: 'forcePasswordReset' }, 'Sessions ended; a reset link was e-mailed.'),
    },
    setRoles: {
      title: `Change the roles of ${who}`,
      confirm: 'Save roles',
      body: (
        <fieldset className={styles.fieldset}>
          <legend>Roles (Buyer is always kept)</legend>
          {Object.values(Role).map((role) => (
            <Checkbox
              key={role}
              label={role}
              checked={role === Role.Buyer || roles.includes(role)}
              disabled={role === Role.Buyer}
              onChange={(event) =>
                setRoles((current) =>
                  event.target.checked ? [...current, role] : current.filter((r) => r !== role),
                )
              }
            />
          ))}
        </fieldset>
      ),
      onConfirm: run(
        {
          action: 'setRoles',
          roles: Object.values(Role).filter((role) => role === Role.Buyer || roles.includes(role)),
        },
        'The roles are saved.',
      ),
    },
    resendConfirmation: {
      title: `Resend the confirmation e-mail to ${who}?`,
      confirm: 'Resend',
      onConfirm: run({ action: 'resendConfirmation' }, 'The confirmation e-mail was sent again.'),
    },
    valuationAccess: mayValue
      ? {
          title: `Withdraw valuations from ${who}?`,
          confirm: 'Withdraw valuations',
          body: (
            <p>
              Their identifications stop showing what a firearm is worth, from their next identification on.
            </p>
          ),
          onConfirm: run({ action: 'setValuationAccess', allowed: false }, 'Valuations are withdrawn.'),
        }
      : {
          title: `Let ${who} see valuations?`,
          confirm: 'Allow valuations',
          body: (
            <p>
              Their identifications show what the firearm is worth from completed sales (the
              WhatIsMyGunWorthAllowed option), from their next identification on; they need not sign in again.
            </p>
          ),
          onConfirm: run({ action: 'setValuationAccess', allowed: true }, 'Valuations are allowed.'),
        },
  };

  const prepare = (kind: ActionKind) => {
    if (kind === 'freeze') setFreezeReason(notFrozen[0] ?? 'NonPayment');
    if (kind === 'unfreeze') setUnfreezeReason(user.freezeReasons[0] ?? 'NonPayment');
    if (kind === 'setRoles') setRoles(user.roles);
  };

  return { dialogs, prepare, notFrozen };
}
