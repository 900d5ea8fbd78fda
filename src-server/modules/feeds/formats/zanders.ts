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
  itemNumber: ['itemnumber'],
  available: ['available'],
  category: ['category'],
  desc1: ['desc1'],
  desc2: ['desc2'],
  manufacturer: ['manufacturer'],
  mfgPartNumber: ['mfgpnumber'],
  upc: ['upc'],
  msrp: ['msrp'],
  mapPrice: ['mapprice'],
  price1: ['price1'],
  qty1: ['qty1'],
  imageLink: ['imagelink'],
  restrictions: ['restrictedstates', 'staterestrictions'],
} as const;

/** Zanders categories read "Handguns", "Long Guns - Rifles", "Long Guns - Shotguns", "Ammunition" … */
function kindOf(category: string): FeedKind {
  const text = category.toLowerCase();
  if (/handgun|pistol|revolver/.test(text)) return 'handgun';
  if (/shotgun/.test(text)) return 'shotgun';
  if (/rifle/.test(text)) return 'rifle';
  if (/long ?gun|firearm/.test(text)) return 'longgun';
  return 'other';
}

/**
 * Zanders `liveinv.csv`: the live inventory with item details. `price1` is the dealer's price for
 * `qty1` or more (the single-unit tier); `available` is what is on hand.
 */
export function zandersReader(): FeedFormatReader {
  return headerReader({
    columns: COLUMNS,
    required: ['itemNumber', 'available', 'desc1', 'price1'],
    refusal: notTheHeaderOf('Zanders liveinv.csv'),
    essentials: (get) => ({
      stockNumber: cell(get('itemNumber')),
      title: cell(get('desc1')),
      cost: money(get('price1')),
      quantity: wholeCount(get('available')),
    }),
    details: (get, title) => {
      const category = cell(get('category')) ?? '';
      const details = cell(get('desc2'));
      return {
        upc: upcOf(get('upc')),
        manufacturer: cell(get('manufacturer')),
        model: cell(get('mfgPartNumber')),
        family: familyFor(kindOf(category), category, title, details),
        condition: Condition.NewInBox,
        msrp: money(get('msrp')),
        mapPrice: money(get('mapPrice')),
        description: describedAs(title, details),
        imageUrl: cell(get('imageLink')),
        excludedStates: stateList(get('restrictions')),
      };
    },
  });
}
