import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from './idle.ts';

/**
 * A form resolver loaded when the form is first checked, not with the page: a form's schema (and
 * zod behind it) stays out of the code a server-rendered page needs to hydrate. `preload` loads it
 * once the browser is idle after the page runs, so the first check does not wait on the network.
 */
export function lazyResolver<Values extends FieldValues, Context = unknown, Output = Values>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): { resolver: Resolver<Values, Context, Output>; preload: () => void } {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => {
      whenIdle(() => void loaded().catch(() => undefined));
    },
  };
}
