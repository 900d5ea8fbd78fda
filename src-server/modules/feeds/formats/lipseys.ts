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
  itemNo: ['ItemNo'],
  description1: ['Description1'],
  description2: ['Description2'],
  upc: ['Upc'],
  manufacturerModelNo: ['ManufacturerModelNo'],
  msrp: ['Msrp'],
  model: ['Model'],
  caliber: ['CaliberGauge'],
  manufacturer: ['Manufacturer'],
  type: ['Type'],
  action: ['Action'],
  itemType: ['ItemType'],
  imageName: ['ImageName'],
  price: ['Price'],
  currentPrice: ['CurrentPrice'],
  retailMap: ['RetailMap'],
  quantity: ['Quantity'],
  features: ['AdditionalFeature1'],
  restrictedStates: ['StateRestrictions', 'RestrictedStates'],
} as const;

/** Lipsey's ItemType (Firearm, Optic, Accessory, Ammunition …) and Type ("Semi-Auto Pistol", "Shotgun"). */
function kindOf(itemType: string, type: string): FeedKind {
  if (itemType.toLowerCase() !== 'firearm') return 'other';
  const text = type.toLowerCase();
  if (/pistol|revolver|handgun/.test(text)) return 'handgun';
  if (/shotgun/.test(text)) return 'shotgun';
  if (/rifle/.test(text)) return 'rifle';
  return 'firearm';
}

/** Lipsey's catalog CSV (the dealer catalog export with its header row). */
export function lipseysReader(): FeedFormatReader {
  return headerReader({
    columns: COLUMNS,
    required: ['itemNo', 'description1', 'price', 'quantity'],
    refusal: notTheHeaderOf('Lipsey’s catalog'),
    essentials: (get) => ({
      stockNumber: cell(get('itemNo')),
      title: [cell(get('description1')), cell(get('description2'))].filter(Boolean).join(' ') || undefined,
      // CurrentPrice is the dealer's price today (a sale price when on sale); Price the regular one.
      cost: money(get('currentPrice')) || money(get('price')),
      quantity: wholeCount(get('quantity')),
    }),
    details: (get, title) => {
      const itemType = cell(get('itemType')) ?? '';
      const type = cell(get('type')) ?? '';
      return {
        upc: upcOf(get('upc')),
        manufacturer: cell(get('manufacturer')),
        model: cell(get('model')) ?? cell(get('manufacturerModelNo')),
        caliber: cell(get('caliber')),
        family: familyFor(kindOf(itemType, type), itemType, type, get('action'), title),
        condition: Condition.NewInBox,
        msrp: money(get('msrp')),
        mapPrice: money(get('retailMap')),
        description: describedAs(title, cell(get('features'))),
        imageName: cell(get('imageName')),
        excludedStates: stateList(get('restrictedStates')),
      };
    },
  });
}
