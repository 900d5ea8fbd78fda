import { useState } from 'react';
import type { AdminUserDetail } from '../../../shared/contract/admin.ts';
import { Role, UserStatus } from '../../../shared/domain/user.ts';
import { Button } from '../../ui/button.tsx';
import styles from './admin-console.module.css';
import { ConfirmDialog, DoneText } from './console-parts.tsx';
import { type ActionKind, hasValuationAccess, useUserActionDialogs } from './user-action-dialogs.tsx';

/** The buttons of the staff actions the account's state allows, each opening its confirmation. */
export function UserActions({ user }: { user: AdminUserDetail }) {
  const [open, setOpen] = useState<ActionKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { dialogs, prepare, notFrozen } = useUserActionDialogs(user, setDone);
  const isAdmin = user.roles.includes(Role.Admin);

  const buttons: [ActionKind, string, boolean][] = [
    ['viewAs', 'View as user', !isAdmin],
    ['addCredit', 'Add credit', true],
    ['freeze', 'Freeze…', notFrozen.length > 0],
    ['unfreeze', 'Unfreeze…', user.freezeReasons.length > 0],
    ['lock', 'Lock', user.status !== UserStatus.Locked],
    ['unlock', 'Unlock', user.status === UserStatus.Locked],
    ['forcePasswordReset', 'Force password reset', true],
    ['setRoles', 'Change roles…', true],
    ['resendConfirmation', 'Resend confirmation', !user.emailConfirmed],
    ['valuationAccess', hasValuationAccess(user) ? 'Withdraw valuations' : 'Allow valuations', true],
  ];
  const dialog = open ? dialogs[open] : null;

  return (
    <section className={styles.section} aria-label="Actions">
      <h3>Actions</h3>
      <div className={styles.actions}>
        {buttons
          .filter(([, , shown]) => shown)
          .map(([kind, label]) => (
            <Button
              key={kind}
              size="sm"
              variant={kind === 'viewAs' ? 'primary' : 'secondary'}
              onClick={() => {
                setDone(null);
                prepare(kind);
                setOpen(kind);
              }}
            >
              {label}
            </Button>
          ))}
      </div>
      <DoneText>{done}</DoneText>
      {dialog ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => setOpen(next ? open : null)}
          title={dialog.title}
          confirmLabel={dialog.confirm}
          onConfirm={dialog.onConfirm}
          disabled={dialog.disabled}
        >
          {dialog.body}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
