import type { MailMessage } from './mailer.ts';

interface Recipient {
  email: string;
  firstName: string;
}

/** `/register?userId=…&confirm=…`: the register page confirms the address with POST /users/email-confirm. */
export function confirmationLink(publicOrigin: string, userId: string, token: string): string {
  const url = new URL('/register', publicOrigin);
  url.searchParams.set('userId', userId);
  url.searchParams.set('confirm', token);
  return url.toString();
}

/** `/forgot-password?token=…`: the page asks for the new password and calls POST /users/reset-password. */
export function resetLink(publicOrigin: string, token: string): string {
  const url = new URL('/forgot-password', publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

export function confirmationMessage(to: Recipient, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Confirm your Ironsight email address',
    text: [
      `Hi ${to.firstName},`,
      '',
      'Welcome to Ironsight. Confirm your email address by opening this link:',
      '',
      link,
      '',
      'The link works once and expires in 7 days. If you did not create an account, ignore this message.',
    ].join('\n'),
  };
}

export function resetMessage(to: Recipient, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Ironsight password',
    text: [
      `Hi ${to.firstName},`,
      '',
      'Someone asked to reset the password of your Ironsight account. To choose a new password, open:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If it was not you, ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMessage(to: Recipient): MailMessage {
  return {
    to: to.email,
    subject: 'Your Ironsight password was changed',
    text: [
      `Hi ${to.firstName},`,
      '',
      'The password of your Ironsight account was just changed, and every device was signed out.',
      'If this was not you, reset your password now from the sign-in page and contact support.',
    ].join('\n'),
  };
}
