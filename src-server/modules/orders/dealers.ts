import { eq } from 'drizzle-orm';
import { API_BASE, fillPath } from '../../../shared/contract/endpoint.ts';
import { dealerDisplayName, FFL_ENDPOINTS } from '../../../shared/contract/ffl.ts';
import type { OrderDealer } from '../../../shared/contract/orders.ts';
import { isShipToRegion } from '../../../shared/domain/us-states.ts';
import type { DbExecutor } from '../../db/client.ts';
import { fflDealers, users } from '../../db/schema.ts';
import {
  allowSellerToReadLicenseCopy,
  findActiveDealer,
  revokeSellerLicenseCopyAccess,
} from '../ffl/service.ts';

/** A dealer that can receive a transfer, as an order keeps it, plus where to mail it. */
export interface ReceivingDealer extends OrderDealer {
  /** The email of the dealer's site account; null when no account manages the licence. */
  readonly email: string | null;
}

/** The checkout's needs of the dealer directory. */
export interface DealerDirectory {
  /** An active licensed dealer that receives transfers, or null. */
  findActiveDealer(db: DbExecutor, dealerId: string): Promise<ReceivingDealer | null>;
  /** Called in the order transaction: the seller may then read the dealer's licence copy to print. */
  allowSellerToReadLicenseCopy(db: DbExecutor, dealerId: string, sellerId: string): Promise<void>;
  /** Called when the last order of the seller to the dealer is undone: the access ends with it. */
  revokeSellerLicenseCopyAccess(db: DbExecutor, dealerId: string, sellerId: string): Promise<void>;
}

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
