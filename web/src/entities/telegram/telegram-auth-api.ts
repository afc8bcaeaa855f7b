import type { AuthResponse, TelegramAuthInput } from '@shop/common';
import { baseApi } from '../../lib/api';

export const telegramAuthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInWithTelegram: build.mutation<AuthResponse, TelegramAuthInput>({
      query: (body) => ({ url: '/api/auth/telegram', method: 'POST', body }),
    }),
  }),
});

export const { useSignInWithTelegramMutation } = telegramAuthApi;
