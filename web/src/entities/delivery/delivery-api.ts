import type { DeliverySettings, DeliveryZoneDto, Language, Quote, QuoteRequest } from '@shop/common';
import { baseApi } from '../../lib/api';

export const deliveryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeliveryZones: build.query<DeliveryZoneDto[], Language>({
      query: (lang) => ({ url: '/api/delivery/zones', params: { lang } }),
      transformResponse: (response: { docs: DeliveryZoneDto[] }) => response.docs,
      providesTags: [{ type: 'Delivery', id: 'ZONES' }],
    }),
    getDeliverySettings: build.query<DeliverySettings, void>({
      query: () => '/api/delivery/settings',
      providesTags: [{ type: 'Delivery', id: 'SETTINGS' }],
    }),
    /** A POST that changes nothing: a query, so the same cart and choices are asked once. */
    getDeliveryQuote: build.query<Quote, QuoteRequest>({
      query: (body) => ({ url: '/api/delivery/quote', method: 'POST', body }),
      providesTags: [{ type: 'Delivery', id: 'QUOTE' }, 'Order'],
    }),
  }),
});

export const { useGetDeliveryZonesQuery, useGetDeliverySettingsQuery, useGetDeliveryQuoteQuery } =
  deliveryApi;
