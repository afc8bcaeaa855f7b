import type { AccountDeletion } from '@shop/common';
import { baseApi } from '../../../lib/api';
import { fileOrError, savedFile, type SavedFile } from '../../../lib/saved-file';

/** The signed-in customer's own data: downloaded as the server's JSON file, or removed with the account. */
export const accountDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    exportMyData: build.mutation<SavedFile, void>({
      query: () => ({ url: '/api/me/data', responseHandler: fileOrError }),
      transformResponse: (blob: Blob, meta) => savedFile(blob, meta, 'my-data.json'),
    }),
    deleteMyAccount: build.mutation<void, AccountDeletion>({
      query: (body) => ({ url: '/api/me', method: 'DELETE', body }),
    }),
  }),
});

export const { useExportMyDataMutation, useDeleteMyAccountMutation } = accountDataApi;
