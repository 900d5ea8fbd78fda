import { textFiltersFormSchema } from '../../../shared/search/search-form.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';

/** The search filters' resolver, loaded on first use (see lazy-resolver.ts). */
export const textFiltersResolver = zodResolver(textFiltersFormSchema);
