import type {
  DeliveryRun,
  DeliverySettings,
  DeliverySettingsUpdate,
  DeliveryZoneDto,
  DeliveryZoneUpdate,
  Region,
} from '@shop/common';
import { baseApi } from '../../../lib/api';

export const deliveryAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateDeliveryZone: build.mutation<DeliveryZoneDto, { region: Region; patch: DeliveryZoneUpdate }>({
      query: ({ region, patch }) => ({ url: `/api/delivery/zones/${region}`, method: 'PUT', body: patch }),
      invalidatesTags: [
        { type: 'Delivery', id: 'ZONES' },
        { type: 'Delivery', id: 'QUOTE' },
      ],
    }),
    updateDeliverySettings: build.mutation<DeliverySettings, DeliverySettingsUpdate>({
      query: (body) => ({ url: '/api/delivery/settings', method: 'PUT', body }),
      invalidatesTags: [
        { type: 'Delivery', id: 'SETTINGS' },
        { type: 'Delivery', id: 'QUOTE' },
      ],
    }),
    getDeliveryRuns: build.query<{ date: string; docs: DeliveryRun[] }, string>({
      query: (date) => ({ url: '/api/delivery/runs', params: { date } }),
      providesTags: ['Order', { type: 'Delivery', id: 'RUNS' }],
    }),
  }),
});

export const { useUpdateDeliveryZoneMutation, useUpdateDeliverySettingsMutation, useGetDeliveryRunsQuery } =
  deliveryAdminApi;
