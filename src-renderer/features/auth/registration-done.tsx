import { Link } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { FormNotice } from '../../ui/form-field.tsx';
import styles from './auth.module.css';

export interface RegistrationDoneProps {
  email: string;
  emailConfirmationRequired: boolean;
}

/** After registering: where the confirmation link went, and that the account works meanwhile. */
export function RegistrationDone({ email, emailConfirmationRequired }: RegistrationDoneProps) {
  return (
    <div className={styles.form}>
      {emailConfirmationRequired ? (
        <FormNotice>
          We sent a confirmation link to {email}. Open it to confirm your email address.
        </FormNotice>
      ) : (
        <FormNotice>Your account is ready.</FormNotice>
      )}
      <p>
        Meanwhile your account works:{' '}
        <Link to={paths.dashboard()} className={styles.link}>
          go to your dashboard
        </Link>
        .
      </p>
    </div>
  );
}
