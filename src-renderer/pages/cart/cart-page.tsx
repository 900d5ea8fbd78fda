import { Checkout } from '../../features/checkout/index.ts';
import { FflFinder } from '../../features/ffl-finder/index.ts';
import { PageFrame } from '../page-frame.tsx';

export function CartPage() {
  return (
    <PageFrame
      heading="Checkout"
      intro="Review your items, choose a licensed dealer for any firearm and pay for your order."
    >
      <Checkout
        renderDealerPicker={({ onSelect, selectedId }) => (
          <FflFinder onSelect={onSelect} selectedId={selectedId ?? null} headingLevel={3} />
        )}
      />
    </PageFrame>
  );
}
