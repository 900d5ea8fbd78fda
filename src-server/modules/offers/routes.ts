import { OFFERS_ENDPOINTS } from '../../../shared/contract/offers.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { listOffers, makeOffer, type OffersDeps, respondToOffer, settleDueOffers } from './service.ts';

/** How often offers past their deadline are recorded as expired or lapsed (reads settle them too). */
export const OFFER_UPKEEP_MS = 60 * 1000;

/**
 * Offers. Every call is for a signed-in account; an offer is visible to its buyer and its
 * seller only (anyone else gets 404, as for an unknown id; an admin reading it may not answer it).
 */
export function registerOffersModule({ endpoints }: ModuleContext, deps: OffersDeps): ModuleParts {
  // Safe on several instances at once: each offer is settled by the one UPDATE that takes its row.
  const upkeep: PeriodicJob = {
    atBoot: async () => {},
    run: async () => {
      await settleDueOffers(deps);
    },
    intervalMs: OFFER_UPKEEP_MS,
    failureMessage: 'offer upkeep (expired offers, lapsed acceptances) failed',
  };

  endpoints(OFFERS_ENDPOINTS, {
    offersMake: async ({ auth, body }) => makeOffer(deps, auth, body),
    offersRespond: async ({ auth, params, body }) => respondToOffer(deps, auth, params.id, body),
    offersGetAll: async ({ auth, body }) => listOffers(deps, auth, body),
  });
  return { jobs: [upkeep] };
}
