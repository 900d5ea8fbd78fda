import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingOption, ListingType } from '../../../shared/domain/listing.ts';
import { LISTING_ID, listingCard, SELLER_ID } from '../../testing/listing-fixtures.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { ProductCard } from './product-card.tsx';
import { FeaturedGrid } from './product-grid.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const card = () => screen.getByTestId('product-card');

describe('product card', () => {
  it('is 514 px tall and shows the title cut at 40 characters, the price and the seller', () => {
    renderWithRouter(
      <ProductCard
        listing={listingCard({ title: 'Smith & Wesson M&P9 Shield Plus 9mm Pistol with Optic Cut' })}
      />,
    );
    expect(card().style.height).toBe('514px');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
      'Smith & Wesson M&P9 Shield Plus 9mm Pist...',
    );
    expect(within(card()).getByText('$549.99')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lone Star Arms' }).getAttribute('href')).toBe(
      `/search?uid=${SELLER_ID}`,
    );
  });

  it.each([
    [1, '24 Hour Shipping'],
    [2, '48 Hour Shipping'],
    [3, '72 Hour Shipping'],
  ])('shows the shipping message for %i delivery days', (deliveryDays, message) => {
    renderWithRouter(<ProductCard listing={listingCard({ deliveryDays })} />);
    expect(within(card()).getByText(message)).toBeTruthy();
  });

  it.each([0, 4])('shows no shipping message for %i delivery days', (deliveryDays) => {
    renderWithRouter(<ProductCard listing={listingCard({ deliveryDays })} />);
    expect(within(card()).queryByText(/Hour Shipping/)).toBeNull();
  });

  it('shows the sales count only above 0', () => {
    renderWithRouter(<ProductCard listing={listingCard({ totalCompletedSales: 0 })} />);
    expect(within(card()).queryByText(/sales?$/)).toBeNull();
    cleanup();
    renderWithRouter(<ProductCard listing={listingCard({ totalCompletedSales: 1234 })} />);
    expect(within(card()).getByText('1,234 sales')).toBeTruthy();
  });

  it('badges Instant Checkout for national listings with live checkout, Featured and the border by option', () => {
    renderWithRouter(
      <ProductCard
        listing={listingCard({
          liveCheckoutEnabled: true,
          listingOptions: ListingOption.Homepage | ListingOption.Border,
        })}
      />,
    );
    const badges = within(screen.getByRole('list', { name: 'Badges' }));
    expect(badges.getByText('Instant Checkout')).toBeTruthy();
    expect(badges.getByText('Featured')).toBeTruthy();
    expect(card().hasAttribute('data-border')).toBe(true);
    expect(card().hasAttribute('data-highlight')).toBe(false);
  });

  it('sets a Bold listing’s title in bold and tints a Highlight listing’s card', () => {
    renderWithRouter(
      <ProductCard listing={listingCard({ listingOptions: ListingOption.Bold | ListingOption.Highlight })} />,
    );
    expect(card().hasAttribute('data-highlight')).toBe(true);
    expect(screen.getByRole('heading', { level: 3 }).hasAttribute('data-bold')).toBe(true);
  });

  it('leaves a listing without those options plain', () => {
    renderWithRouter(<ProductCard listing={listingCard({ listingOptions: ListingOption.Featured })} />);
    expect(card().hasAttribute('data-highlight')).toBe(false);
    expect(screen.getByRole('heading', { level: 3 }).hasAttribute('data-bold')).toBe(false);
  });

  it('offers See more instead of Buy now for a local listing, and no Instant Checkout', () => {
    const listing = listingCard({ listingType: ListingType.Local, liveCheckoutEnabled: true });
    renderWithRouter(<ProductCard listing={listing} />);
    expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
    expect(screen.queryByText('Instant Checkout')).toBeNull();
    expect(screen.getByRole('link', { name: /See more/ }).getAttribute('href')).toBe(listing.listingURL);
  });

  it('offers Place a bid instead of Buy now for an auction, which is bought by bidding on its page', () => {
    const listing = listingCard({ listingType: ListingType.Auction });
    renderWithRouter(<ProductCard listing={listing} />);
    expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
    const bid = screen.getByRole('link', { name: /^Place a bid/ });
    expect(bid.getAttribute('href')).toBe(listing.listingURL);
    expect(bid.textContent).toBe(`Place a bid: ${listing.title}`);
  });

  it('shows a running auction’s time left and bids', () => {
    const endsAt = new Date(Date.now() + (52 * 60 + 0.5) * 60_000).toISOString();
    renderWithRouter(
      <ProductCard
        listing={listingCard({
          listingType: ListingType.Auction,
          auction: { endsAt, bidCount: 5, sold: false },
        })}
      />,
    );
    expect(within(card()).getByText('2d 4h left · 5 bids')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Place a bid/ })).toBeTruthy();
  });

  it('says an auction past its end has ended and leads to its page instead of offering a bid', () => {
    const endsAt = new Date(Date.now() - 60_000).toISOString();
    const listing = listingCard({
      listingType: ListingType.Auction,
      auction: { endsAt, bidCount: 2, sold: false },
    });
    renderWithRouter(<ProductCard listing={listing} />);
    expect(within(card()).getByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Place a bid/ })).toBeNull();
    expect(screen.getByRole('link', { name: /See more/ }).getAttribute('href')).toBe(listing.listingURL);
  });

  it('shows what a sold auction sold for, and when', () => {
    const listing = listingCard({
      listingType: ListingType.Auction,
      displayPrice: 1250,
      price: 1250,
      auction: { endsAt: '2026-11-28T18:30:00.000Z', bidCount: 14, sold: true },
    });
    renderWithRouter(<ProductCard listing={listing} />);
    expect(within(card()).getByText('Sold for $1,250.00 · Nov 28, 2026')).toBeTruthy();
  });

  it('shows no auction line for a listing sold at a fixed price', () => {
    renderWithRouter(<ProductCard listing={listingCard()} />);
    expect(within(card()).queryByText(/left ·|Ended|Sold for/)).toBeNull();
  });

  it('Buy now puts one in the cart, remembers the page and goes to the cart', async () => {
    const listing = listingCard();
    const { location } = renderWithRouter(<ProductCard listing={listing} />, {
      url: '/search?keyword=glock',
    });
    fireEvent.click(screen.getByRole('button', { name: /Buy now/ }));

    await waitFor(() => expect(location()).toBe('/cart/view'));
    const cart = JSON.parse(localStorage.getItem('gacart') ?? '{}');
    expect(cart[LISTING_ID]).toEqual({
      id: LISTING_ID,
      quantity: 1,
      price: 549.99,
      title: listing.title,
      imageUrl: listing.thumbnailPicture,
      category: 'SemiAutoPistols',
      sellerStockNumber: 'A-100',
      upc: '764503037108',
      sku: 'G19G5',
      productUrl: listing.listingURL,
    });
    expect(localStorage.getItem('shoppingUrl')).toBe('/search?keyword=glock');
  });

  it('shows an out-of-stock listing as Out of stock, with Buy now disabled', async () => {
    const listing = listingCard({ quantity: 0 });
    const { location } = renderWithRouter(<ProductCard listing={listing} />, {
      url: '/search?keyword=glock',
    });
    expect(within(card()).getByText('Out of stock')).toBeTruthy();
    expect(card().hasAttribute('data-out-of-stock')).toBe(true);
    const buy = screen.getByRole('button', { name: /Buy now/ }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(buy.getAttribute('aria-describedby')).toBe(within(card()).getByText('Out of stock').id);
    fireEvent.click(buy);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location()).toBe('/search?keyword=glock');
    expect(localStorage.getItem('gacart')).toBeNull();
    // Still a result: the title links to the listing.
    expect(within(card()).getByRole('link', { name: listing.title }).getAttribute('href')).toBe(
      listing.listingURL,
    );
  });

  it('shows no stock state and an enabled Buy now while in stock', () => {
    renderWithRouter(<ProductCard listing={listingCard({ quantity: 1 })} />);
    expect(within(card()).queryByText('Out of stock')).toBeNull();
    expect((screen.getByRole('button', { name: /Buy now/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Buy now on a listing already in the cart raises its quantity by 1', async () => {
    const listing = listingCard();
    localStorage.setItem(
      'gacart',
      JSON.stringify({
        [LISTING_ID]: {
          id: LISTING_ID,
          quantity: 1,
          price: 549.99,
          title: listing.title,
          imageUrl: null,
          category: null,
          sellerStockNumber: null,
          upc: null,
          sku: null,
          productUrl: listing.listingURL,
        },
      }),
    );
    const { location } = renderWithRouter(<ProductCard listing={listing} />);
    fireEvent.click(screen.getByRole('button', { name: /Buy now/ }));
    await waitFor(() => expect(location()).toBe('/cart/view'));
    expect(JSON.parse(localStorage.getItem('gacart') ?? '{}')[LISTING_ID].quantity).toBe(2);
  });

  it('uses the UPC stock image for a catalog thumbnail, with 412 and 768 wide sources', () => {
    const { container } = renderWithRouter(
      <ProductCard listing={listingCard({ thumbnailPicture: 'catalog' })} critical />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/stock-images/764503037108');
    expect(image?.getAttribute('srcset')).toBe(
      '/api/stock-images/764503037108?w=412 412w, /api/stock-images/764503037108?w=768 768w',
    );
  });

  it('asks for its photo at the width a card takes (half a phone screen) and first when critical', () => {
    const { container } = renderWithRouter(<ProductCard listing={listingCard()} critical />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('sizes')).toBe(
      '(max-width: 371.98px) 100vw, (max-width: 767.98px) 50vw, 320px',
    );
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.getAttribute('loading')).toBe('eager');
  });

  it("shows 'photo coming soon' when the image fails or there is none", () => {
    const { container } = renderWithRouter(<ProductCard listing={listingCard()} critical />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(within(card()).getByText('photo coming soon')).toBeTruthy();
    cleanup();
    renderWithRouter(<ProductCard listing={listingCard({ thumbnailPicture: null, upc: null })} />);
    expect(within(card()).getByText('photo coming soon')).toBeTruthy();
  });

  it('waits with its image until it comes within 100 px of the viewport', () => {
    const observed: { options: IntersectionObserverInit | undefined; fire: (visible: boolean) => void }[] =
      [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({
          options,
          fire: (visible) =>
            callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never),
        });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      const { container } = renderWithRouter(<ProductCard listing={listingCard()} />);
      expect(container.querySelector('img')).toBeNull();
      expect(observed[0]?.options).toEqual({ rootMargin: '100px', threshold: 0.1 });
      observed[0]?.fire(true);
      return waitFor(() => expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('featured grid', () => {
  const listings = Array.from({ length: 12 }, (_, index) =>
    listingCard({ id: `3f2b9c1e-7a4d-4e8b-9c0f-${String(index).padStart(12, '0')}` }),
  );

  it('loads the first 4 images at once with high priority; the rest wait for the viewport', () => {
    const { container } = renderWithRouter(<FeaturedGrid listings={listings} />);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(Array(4).fill('eager'));
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(Array(4).fill('high'));
  });

  it('marks the cards after the 10th to hide on small screens', () => {
    renderWithRouter(<FeaturedGrid listings={listings} />);
    const items = screen
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('[data-testid="product-card"]'));
    expect(items.map((item) => item.hasAttribute('data-small-hidden'))).toEqual([
      ...Array(10).fill(false),
      true,
      true,
    ]);
  });
});
