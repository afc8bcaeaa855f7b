import type { CatalogueImportReport } from '@shop/common';
import { baseApi } from '../../../lib/api';
import { fileOrError, savedFile, type SavedFile } from '../../../lib/saved-file';

export type SheetFormat = 'xlsx' | 'csv';

export const catalogueSheetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The catalogue as a file the import reads back. */
    exportCatalogue: build.mutation<SavedFile, SheetFormat>({
      query: (format) => ({ url: `/api/products/export.${format}`, responseHandler: fileOrError }),
      transformResponse: (blob: Blob, meta, format) => savedFile(blob, meta, `products.${format}`),
    }),
    /** A dry run reports and writes nothing; a refused import answers 400 with the same report. */
    importCatalogue: build.mutation<CatalogueImportReport, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/products/import', method: 'POST', params: dryRun ? { dryRun: '1' } : {}, body };
      },
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : ['Product', 'Dashboard']),
    }),
  }),
});

export const { useExportCatalogueMutation, useImportCatalogueMutation } = catalogueSheetApi;
