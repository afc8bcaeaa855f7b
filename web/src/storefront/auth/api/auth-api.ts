import type { AuthResponse, LoginInput, PasswordResetInput, SignUpInput } from '@shop/common';
import { baseApi } from '../../../lib/api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginInput>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    signUp: build.mutation<AuthResponse, SignUpInput>({
      query: (body) => ({ url: '/api/auth/signUp', method: 'POST', body }),
    }),
    resetPassword: build.mutation<AuthResponse, PasswordResetInput>({
      query: (body) => ({ url: '/api/auth/reset', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useSignUpMutation, useResetPasswordMutation } = authApi;
