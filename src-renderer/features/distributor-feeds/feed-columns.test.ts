import { describe, expect, it } from 'vitest';
import { guessFeedMapping, headersOf } from './feed-columns.ts';

describe('guessing a generic feed’s columns', () => {
  it('maps the usual headers, the dealer’s cost, MAP and MSRP', () => {
    expect(
      guessFeedMapping([
        'SKU',
        'Product Name',
        'Brand',
        'Our Cost',
        'MAP',
        'MSRP',
        'Qty On Hand',
        'No Ship States',
      ]),
    ).toEqual({
      stock_number: 'SKU',
      title: 'Product Name',
      manufacturer: 'Brand',
      price: 'Our Cost',
      map_price: 'MAP',
      msrp: 'MSRP',
      quantity: 'Qty On Hand',
      excluded_states: 'No Ship States',
    });
  });

  it('reads the header row of a file, byte-order mark and quotes aside', async () => {
    const file = new Blob(['\uFEFF"Item #","Item Description",Cost\r\nA1,"Widget, large",5\r\n']);
    expect(await headersOf(file)).toEqual(['Item #', 'Item Description', 'Cost']);
  });
});
