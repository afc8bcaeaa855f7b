import type { Paged, SmsMessage } from '@shop/common';
import { PAGE_SIZE } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const smsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSmsMessages: build.query<Paged<SmsMessage>, number>({
      query: (page) => ({ url: '/api/sms/messages', params: { page, limit: PAGE_SIZE.admin } }),
      // Statuses change as Eskiz reports: every visit shows the latest.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSmsMessagesQuery } = smsApi;
