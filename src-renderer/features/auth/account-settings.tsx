import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordRequestSchema } from '../../../shared/contract/auth.ts';
import {
  firstNameSchema,
  lastNameSchema,
  phoneSchema,
  type UserProfile,
} from '../../../shared/contract/user-profile.ts';
import { sellerDisplayNameSchema } from '../../../shared/contract/users.ts';
import type { UsStateCode } from '../../../shared/domain/us-states.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { useStoreToken } from '../../lib/session/session.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { FormError, FormField, FormNotice, PasswordInput, TextInput } from '../../ui/form-field.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useChangePassword } from './api/use-change-password.ts';
import { useUpdateAccountInfo } from './api/use-update-account-info.ts';
import { PROFILE_QUERY_KEY, useUserProfile } from './api/use-user-profile.ts';
import styles from './auth.module.css';
import { PasswordRules } from './password-rules.tsx';

const profileFormSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: z.union([z.literal(''), phoneSchema]),
  sellerDisplayName: z.union([z.literal(''), sellerDisplayNameSchema]),
});
type ProfileValues = z.input<typeof profileFormSchema>;

function ProfileForm({ profile }: { profile: UserProfile }) {
  const updateAccountInfo = useUpdateAccountInfo();
  const queryClient = useQueryClient();
  const storeToken = useStoreToken();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? '',
      sellerDisplayName: profile.sellerDisplayName ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    setFormError(null);
    try {
      const { address } = profile;
      const result = await updateAccountInfo.mutateAsync({
        body: {
          firstName: values.firstName,
          lastName: values.lastName,
          phone: values.phone ? values.phone : null,
          sellerDisplayName: profile.isSeller ? values.sellerDisplayName || null : profile.sellerDisplayName,
          // The address goes back as it is. An account with only part of one (a zip code given at
          // registration) has none in the profile: it is left out, so saving keeps what is stored.
          ...(address
            ? {
                address: {
                  address1: address.address1,
                  ...(address.address2 ? { address2: address.address2 } : {}),
                  city: address.city,
                  state: address.state as UsStateCode,
                  zip: address.zip,
                },
              }
            : {}),
        },
      });
      await storeToken(result.jwtToken);
      queryClient.setQueryData(PROFILE_QUERY_KEY, result.profile);
      setNotice('Your profile is saved.');
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['firstName', 'lastName', 'phone', 'sellerDisplayName']),
      );
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Profile">
      <FormNotice>{notice}</FormNotice>
      <FormError>{formError}</FormError>
      <div className={styles.row}>
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <TextInput {...control} {...register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(control) => <TextInput {...control} {...register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField label="Email" help="Contact support to change the email on your account.">
        {(control) => <TextInput {...control} value={profile.email} readOnly type="email" />}
      </FormField>
      <FormField label="Phone" optional error={errors.phone?.message}>
        {(control) => <TextInput {...control} {...register('phone')} type="tel" autoComplete="tel" />}
      </FormField>
      {profile.isSeller ? (
        <FormField
          label="Seller display name"
          optional
          help="Shown on your listings."
          error={errors.sellerDisplayName?.message}
        >
          {(control) => <TextInput {...control} {...register('sellerDisplayName')} />}
        </FormField>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}

type PasswordValues = z.input<typeof changePasswordRequestSchema>;

function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const storeToken = useStoreToken();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    setFormError(null);
    try {
      const result = await changePassword.mutateAsync({ body: values });
      // Earlier tokens stop working with the change; this session carries on with the fresh one.
      await storeToken(result.jwtToken);
      reset();
      setNotice('Your password was changed. Other devices were signed out.');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['currentPassword', 'newPassword']));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Change password">
      <FormNotice>{notice}</FormNotice>
      <FormError>{formError}</FormError>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />
        )}
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} help={<PasswordRules />}>
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}

/** /dashboard/accountsettings: the profile and the password. */
export function AccountSettings() {
  const profile = useUserProfile();
  return (
    <div>
      <section className={styles.section} aria-labelledby="profile-heading">
        <h2 id="profile-heading" className={styles.sectionHeading}>
          Profile
        </h2>
        <Card wide>
          {profile.data ? (
            <ProfileForm profile={profile.data} />
          ) : profile.isError ? (
            <FormError>Your profile could not be loaded. Reload the page to try again.</FormError>
          ) : (
            <LoadingRegion label="Loading your profile">
              <Skeleton height="12rem" />
            </LoadingRegion>
          )}
        </Card>
      </section>
      <section className={styles.section} aria-labelledby="password-heading">
        <h2 id="password-heading" className={styles.sectionHeading}>
          Password
        </h2>
        <Card wide>
          <ChangePasswordForm />
        </Card>
      </section>
    </div>
  );
}
