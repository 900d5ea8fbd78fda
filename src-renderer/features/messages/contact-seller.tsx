import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '../../lib/on-demand.tsx';
import { useCurrentUser } from '../../lib/session/session.ts';
import { Button } from '../../ui/button.tsx';

const contactDialog = onDemand(() =>
  import('./contact-seller-dialog.tsx').then((m) => m.ContactSellerDialog),
);

export const preloadContactSellerDialog = contactDialog.preload;
const ContactSellerDialog = contactDialog.Component;

export interface ContactSellerProps {
  listingId: string;
  listingTitle: string;
  sellerId: string;
}

/**
 * Contact seller on a listing: a message about the listing to its seller. A visitor may write it
 * too; it is kept in the browser, the login modal is offered, and it is sent once they sign in.
 */
export function ContactSeller({ listingId, listingTitle, sellerId }: ContactSellerProps) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (user?.id === sellerId) return null;
  return (
    <>
      <Button
        size="lg"
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void contactDialog.preload().catch(() => undefined)}
      >
        <MessageSquare size={18} aria-hidden="true" />
        Contact seller
      </Button>
      <ContactSellerDialog
        listingId={listingId}
        listingTitle={listingTitle}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
