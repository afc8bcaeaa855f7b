import type { ProductPageFacts } from '@shop/common';

const DAYS = (min: number, max: number) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/** An offer's `shippingDetails`: one per open zone, its fee for one unit and its lead days. */
export const shippingDetails = (shipping: ProductPageFacts['shipping']) =>
  shipping.map((zone) => ({
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: zone.fee, currency: 'UZS' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'UZ', addressRegion: zone.regionCode },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: DAYS(0, 0),
      transitTime: DAYS(zone.leadDays, zone.leadDays),
    },
  }));

/** The shop's `MerchantReturnPolicy`: a window of `days` days, or none taken back at 0. */
export const returnPolicy = (days: number) => ({
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'UZ',
  ...(days > 0
    ? {
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: days,
      }
    : { returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' }),
});

/** Published reviews as `Review`s; only buyers write them (decision 014). */
export const reviewsData = (reviews: ProductPageFacts['reviews']) =>
  reviews.map((review) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    datePublished: review.createdAt.slice(0, 10),
    reviewBody: review.text,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  }));
