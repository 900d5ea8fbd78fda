import { eq } from 'drizzle-orm';
import { API_BASE, fillPath } from '../../../shared/contract/endpoint.ts';
import { dealerDisplayName, FFL_ENDPOINTS } from '../../../shared/contract/ffl.ts';
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import type { DealerDirectory } from '../../core/cart.ts';
import { fflDealers, users } from '../../db/schema.ts';
import {
  allowSellerToReadLicenseCopy,
  findActiveDealer,
  revokeSellerLicenseCopyAccess,
} from '../ffl/index.ts';

/** Where the seller fetches the dealer's licence copy. */
export const licenseCopyUrl = (dealerId: string) =>
  `${API_BASE}${fillPath(FFL_ENDPOINTS.fflLicenseCopy.path, { id: dealerId })}`;

/** The federal licensee directory of the `ffl` module (imported list plus dealers' own settings). */
export const fflDealerDirectory: DealerDirectory = {
  async findActiveDealer(db, dealerId) {
    const dealer = await findActiveDealer(db, dealerId);
    if (!dealer || !isShipToRegion(dealer.premiseState)) return null;
    const [extra] = await db
      .select({ licenseCopyId: fflDealers.licenseCopyId, email: users.email })
      .from(fflDealers)
      .leftJoin(users, eq(users.id, fflDealers.userId))
      .where(eq(fflDealers.id, dealerId));
    return {
      id: dealer.id,
      licenseNumber: dealer.licenseNumber,
      businessName: dealerDisplayName(dealer),
      street: dealer.premiseStreet,
      city: dealer.premiseCity,
      state: dealer.premiseState,
      zip: dealer.premiseZip,
      phone: dealer.phone,
      licenseCopyUrl: extra?.licenseCopyId ? licenseCopyUrl(dealer.id) : null,
      email: extra?.email ?? null,
    };
  },
  allowSellerToReadLicenseCopy,
  revokeSellerLicenseCopyAccess,
};
