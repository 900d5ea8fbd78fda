import { listingOptionCharges, planOfRoles, toCents } from '../../../shared/domain/membership.ts';
import type { DbExecutor } from '../../db/client.ts';
import { LedgerKind, postMovement } from './ledger.ts';

/**
 * Charges a seller for the paid options a listing takes (those their plan does not include), one
 * ledger charge per option, in the listing's transaction. Answers the cents charged.
 */
export async function chargeListingOptions(
  tx: DbExecutor,
  seller: { id: string; roles: readonly string[] },
  listingId: string,
  title: string,
  added: number,
  price: number,
  at: Date,
): Promise<number> {
  let total = 0;
  for (const charge of listingOptionCharges(added, toCents(price), planOfRoles(seller.roles))) {
    await postMovement(
      tx,
      LedgerKind.Fee,
      { user: seller.id },
      charge.cents,
      `${charge.name}: ${title.slice(0, 60)}`,
      { listingId, at },
    );
    total += charge.cents;
  }
  return total;
}
