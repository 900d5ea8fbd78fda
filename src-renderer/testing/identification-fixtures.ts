import type {
  FirearmIdentification,
  FirearmIdentityJson,
  FirearmValuationJson,
} from '../../shared/contract/identification.ts';

export const VALUED_AT = '2026-03-01T00:00:00.000Z';
const daysAgo = (days: number) => new Date(Date.parse(VALUED_AT) - days * 86_400_000).toISOString();

export function glock19(overrides: Partial<FirearmIdentityJson> = {}): FirearmIdentityJson {
  return {
    manufacturerId: 'a1000000-0000-4000-8000-000000000001',
    manufacturer: 'Glock',
    modelId: 'a2000000-0000-4000-8000-000000000001',
    model: '19',
    variantId: 'a3000000-0000-4000-8000-000000000001',
    variant: 'Gen 5',
    caliberId: 'a4000000-0000-4000-8000-000000000001',
    caliber: '9mm Luger',
    family: 'SemiAutoPistols',
    familyId: 18,
    requiresFfl: true,
    nfa: false,
    ...overrides,
  };
}

export const VALUATION_SUMMARY =
  'Median $549 from 6 sales of the model in the last 90 days, up 4% on the 90 days before.';

/** Six sales of the Glock 19 and a far-off one in the last 90 days, five in the 90 days before. */
export function glock19Valuation(overrides: Partial<FirearmValuationJson> = {}): FirearmValuationJson {
  return {
    level: 'model',
    fellBack: true,
    subject: 'Glock 19',
    grade: null,
    value: 549,
    salesUsed: 6,
    outliersDropped: 1,
    range: { low: 530, high: 565 },
    trendPercent: 4.2,
    confidence: 'medium',
    windowDays: 90,
    summary: VALUATION_SUMMARY,
    sales: [
      { price: 560, soldAt: daysAgo(4), earlier: false, outlier: false },
      { price: 999, soldAt: daysAgo(9), earlier: false, outlier: true },
      { price: 549, soldAt: daysAgo(15), earlier: false, outlier: false },
      { price: 570, soldAt: daysAgo(33), earlier: false, outlier: false },
      { price: 525, soldAt: daysAgo(47), earlier: false, outlier: false },
      { price: 549, soldAt: daysAgo(61), earlier: false, outlier: false },
      { price: 530, soldAt: daysAgo(80), earlier: false, outlier: false },
      { price: 520, soldAt: daysAgo(95), earlier: true, outlier: false },
      { price: 530, soldAt: daysAgo(110), earlier: true, outlier: false },
      { price: 515, soldAt: daysAgo(125), earlier: true, outlier: false },
      { price: 535, soldAt: daysAgo(150), earlier: true, outlier: false },
      { price: 525, soldAt: daysAgo(170), earlier: true, outlier: false },
    ],
    valuedAt: VALUED_AT,
    ...overrides,
  };
}

/** The answer of POST /firearms/identify for "Glcok 19, 9mm" with one photo. */
export function identifiedGlock(
  data: Partial<NonNullable<FirearmIdentification['data']>> = {},
): FirearmIdentification {
  return {
    imageUrl: '/media/listings/e1000000-0000-4000-8000-000000000001.jpg',
    message: '',
    data: {
      identity: glock19(),
      confidence: 0.87,
      reasons: [
        { part: 'manufacturer', field: 'manufacturer', written: 'Glcok', value: 'Glock', typo: true },
        { part: 'model', field: 'model', written: '19', value: '19', typo: false },
        { part: 'caliber', field: 'caliber', written: '9mm', value: '9mm Luger', typo: false },
      ],
      alternatives: [
        {
          identity: glock19({
            modelId: 'a2000000-0000-4000-8000-000000000002',
            model: '19X',
            variantId: null,
            variant: null,
          }),
          confidence: 0.62,
          reasons: [
            { part: 'manufacturer', field: 'manufacturer', written: 'Glcok', value: 'Glock', typo: true },
          ],
        },
      ],
      description: 'Glock 19 Gen 5 in 9mm Luger, a semi-auto pistol that ships to an FFL.',
      images: ['/media/listings/e1000000-0000-4000-8000-000000000001.jpg'],
      valuation: glock19Valuation(),
      valuationAllowed: true,
      ...data,
    },
  };
}
