import { Condition } from '../../../../shared/domain/listing.ts';
import { type FeedKind, familyFor } from './category-map.ts';
import {
  cell,
  describedAs,
  type FeedFormatReader,
  headerReader,
  money,
  notTheHeaderOf,
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
    columns: COLUMNS,
    required: ['itemNumber', 'description', 'dealerPrice', 'quantity'],
    refusal: notTheHeaderOf('Davidson’s inventory'),
    essentials: (get) => ({
      stockNumber: cell(get('itemNumber')),
      title: cell(get('description')),
      cost: activeSalePrice(get('salePrice'), get('saleEnds'), today) ?? money(get('dealerPrice')),
      quantity: wholeCount(get('quantity')),
    }),
    details: (get, title) => {
      const productType = cell(get('productType')) ?? '';
      return {
        upc: upcOf(get('upc')),
        manufacturer: cell(get('manufacturer')),
        model: cell(get('modelSeries')) ?? cell(get('mfgItemNo')),
        caliber: cell(get('caliber')),
        family: familyFor(kindOf(productType), productType, get('action'), title),
        condition: Condition.NewInBox,
        msrp: money(get('retailPrice')),
        mapPrice: money(get('msp')),
        description: describedAs(title, cell(get('features'))),
        imageUrl: cell(get('imageUrl')),
        excludedStates: stateList(get('shipRestrictions')),
      };
    },
  });
}
