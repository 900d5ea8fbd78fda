// Must run before a form's schema is used.
import '../zod-config.ts';

/** react-hook-form's zod resolver, for forms; the schemas run without eval under the page's CSP. */
export { zodResolver } from '@hookform/resolvers/zod';
