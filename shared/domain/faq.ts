/**
 * The home page's frequently asked questions: what is sold, how buying works, legality
 * and FFL transfers, selling, restrictions and shipping. One text for the page and its FAQPage data.
 */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const HOME_FAQ: readonly FaqEntry[] = [
  {
    question: 'What can I buy on Ironsight?',
    answer:
      'Handguns, rifles and shotguns, ammunition, optics, magazines, accessories, collectibles and, where the law allows, suppressors and other NFA items. Listings come from private sellers, licensed dealers and distributors across the United States.',
  },
  {
    question: 'How does buying a gun online work?',
    answer:
      'Find a listing, pay the seller through Instant Checkout or as the listing describes, and choose a licensed dealer (FFL) near you. The seller ships the firearm to that dealer, and you collect it there after the background check and paperwork your state requires.',
  },
  {
    question: 'Is it legal to buy a gun online?',
    answer:
      'Yes, when the sale follows federal, state and local law. Federal law requires a firearm bought from another state to be transferred through a licensed dealer, who runs the background check. Ammunition and accessories may ship to your door unless your state or city restricts them.',
  },
  {
    question: 'What is an FFL transfer?',
    answer:
      'A holder of a Federal Firearms License receives the firearm on your behalf, checks your identity, runs the background check and completes the transfer record. Dealers set their own transfer fee; you can compare dealers near you with the FFL finder before you buy.',
  },
  {
    question: 'How do I sell on Ironsight?',
    answer:
      'Create an account, choose a seller membership and set up how you get paid, then list an item with photos, a price and shipping terms. Dealers can also upload their inventory in bulk, connect a distributor feed or use the seller API.',
  },
  {
    question: 'Are there items or places I cannot sell to?',
    answer:
      'Sellers must follow the law where they and the buyer are, and may exclude states from a listing. Some states and cities restrict magazines, certain rifles, suppressors or ammunition shipments; a listing that cannot legally go to your address should not be bought for it.',
  },
  {
    question: 'How is shipping handled?',
    answer:
      'Each listing shows its shipping cost and how quickly the seller ships. Firearms ship only to a licensed dealer; other items ship straight to the buyer. Sellers add tracking when they ship, and your order page shows it.',
  },
];
