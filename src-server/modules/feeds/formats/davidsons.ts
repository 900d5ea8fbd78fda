import { Condition } from '../../../../shared/domain/listing.ts';
import { type FeedKind, familyFor } from './category-map.ts';
import {
  cell,
  type FeedFormatReader,
  headerReader,
  missingEssentials,
  money,
  stateList,
  upcOf,
  wholeCount,
} from './feed-item.ts';

const COLUMNS = {
  itemNumber: ['Item #', 'Item Number'],
  description: ['Item Description'],
  msp: ['MSP'],
  retailPrice: ['Retail Price'],
  dealerPrice: ['Dealer Price'],
  salePrice: ['Sale Price'],
  saleEnds: ['Sale Ends'],
  quantity: ['Quantity'],
  upc: ['UPCCode', 'UPC Code', 'UPC'],
  manufacturer: ['Manufacturer'],
  mfgItemNo: ['Mfg Item No', 'Mfg Part Number'],
  modelSeries: ['Model Series'],
  caliber: ['Gauge/Caliber', 'Caliber'],
  action: ['Action'],
  features: ['Features'],
  productType: ['Product Type', 'Category'],
  imageUrl: ['Image URL', 'Image'],
  shipRestrictions: ['Ship Restrictions', 'Restricted States'],
} as const;

/** Davidson's product types name the kind first ("Pistol: Semi-Auto", "Shotgun: Pump", "Optics: Scope"). */
function kindOf(productType: string): FeedKind {
  const head = productType.split(':')[0]?.trim().toLowerCase() ?? '';
  if (head === 'pistol' || head === 'revolver' || head === 'handgun') return 'handgun';
  if (head === 'rifle') return 'rifle';
  if (head === 'shotgun') return 'shotgun';
  if (head === 'firearm') return 'firearm';
  return 'other';
}

/** The sale price while the sale runs (Sale Ends as MM/DD/YYYY, inclusive), else undefined. */
function activeSalePrice(
  sale: string | undefined,
  ends: string | undefined,
  today: Date,
): number | undefined {
  const price = money(sale);
  if (!price || price <= 0) return undefined;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((ends ?? '').trim());
  if (!match) return undefined;
  const end = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]), 23, 59, 59);
  return end >= today.getTime() ? price : undefined;
}

/** Davidson's inventory CSV (the dealer download with its header row). */
export function davidsonsReader(today = new Date()): FeedFormatReader {
  return headerReader({
    formatName: 'Davidson’s inventory',
    columns: COLUMNS,
    required: ['itemNumber', 'description', 'dealerPrice', 'quantity'],
    toItem(get, line) {
      const stockNumber = cell(get('itemNumber'));
      const title = cell(get('description'));
      const cost = activeSalePrice(get('salePrice'), get('saleEnds'), today) ?? money(get('dealerPrice'));
      const quantity = wholeCount(get('quantity'));
      const missing = missingEssentials(line, { stockNumber, title, cost, quantity });
      if (missing) return missing;
      const productType = cell(get('productType')) ?? '';
      const mapPrice = money(get('msp'));
      const msrp = money(get('retailPrice'));
      const features = cell(get('features'));
      return {
        item: {
          line,
          stockNumber: stockNumber as string,
          upc: upcOf(get('upc')),
          title: title as string,
          manufacturer: cell(get('manufacturer')),
          model: cell(get('modelSeries')) ?? cell(get('mfgItemNo')),
          caliber: cell(get('caliber')),
          family: familyFor(kindOf(productType), productType, get('action'), title),
          condition: Condition.NewInBox,
          cost: cost as number,
          ...(msrp && msrp > 0 ? { msrp } : {}),
          ...(mapPrice && mapPrice > 0 ? { mapPrice } : {}),
          quantity: quantity as number,
          description: features ? `${title}. ${features}` : (title as string),
          imageUrl: cell(get('imageUrl')),
          excludedStates: stateList(get('shipRestrictions')),
        },
      };
    },
  });
}
