import { useState } from 'react';
import type { AuctionView } from '../../../shared/contract/auctions.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { DialogActions, ModalDialog } from '../../ui/modal-dialog.tsx';
import { useBuyAuctionNow } from './api.ts';
import styles from './auctions.module.css';

export interface BuyNowDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  auction: AuctionView;
  title: string;
  /** The auction is now the caller's at the buy-now price: go to checkout. */
  onBought: (auction: AuctionView) => void;
}

/** Confirms buy now: the auction ends at once, sold to the caller, who then checks out. */
export function BuyNowDialog({ open, onOpenChange: setOpen, auction, title, onBought }: BuyNowDialogProps) {
  const buy = useBuyAuctionNow(auction.listingId);
  const [failure, setFailure] = useState<string | null>(null);
  const price = formatPrice(auction.buyNowPrice ?? 0);

  const confirm = async () => {
    setFailure(null);
    try {
      const bought = await buy.mutateAsync();
      setOpen(false);
      onBought(bought);
    } catch (caught) {
      if (isApiError(caught) && caught.status > 0 && caught.status < 500) setFailure(caught.message);
      else setFailure('Buy now could not be completed right now. Please try again.');
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={setOpen}
      title={`Buy it now for ${price}?`}
      description={`${title}: the auction ends now and the item is yours at ${price}. Check out within 5 days; a firearm ships to the FFL dealer you choose at checkout.`}
    >
      <div className={styles.form}>
        <FormError>{failure}</FormError>
        <DialogActions>
          <Button onClick={() => void confirm()} disabled={buy.isPending} aria-busy={buy.isPending}>
            {buy.isPending ? 'Buying…' : `Buy now for ${price}`}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep bidding
          </Button>
        </DialogActions>
      </div>
    </ModalDialog>
  );
}
