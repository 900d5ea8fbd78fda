import { loginFormSchema } from '../../../shared/domain/login.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';

/** The login form's resolver, loaded on first use (see lazy-resolver.ts). */
export const loginResolver = zodResolver(loginFormSchema);
