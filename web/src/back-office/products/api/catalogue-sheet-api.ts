import type { CatalogueImportReport } from '@shop/common';
import { baseApi, endExpiredSession } from '../../../lib/api';
import { uploadWithProgress } from '../../../lib/ndjson-upload';
import { fileOrError, savedFile, type SavedFile } from '../../../lib/saved-file';

export type SheetFormat = 'xlsx' | 'csv';

/** How far an import has come, as the server streams it. */
export interface ImportProgress {
  phase: 'check' | 'write';
  done: number;
  total: number;
}

/** Progress of the running import: the import screen listens; a mutation's arguments stay plain data. */
export const importProgress = new EventTarget();

export const catalogueSheetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The catalogue as a file the import reads back. */
    exportCatalogue: build.mutation<SavedFile, SheetFormat>({
      query: (format) => ({ url: `/api/products/export.${format}`, responseHandler: fileOrError }),
      transformResponse: (blob: Blob, meta, format) => savedFile(blob, meta, `products.${format}`),
    }),
    /**
     * A dry run reports and writes nothing; a refused import answers 400 with the same report. The
     * answer is streamed (NDJSON) so a long file shows its progress.
     */
    importCatalogue: build.mutation<CatalogueImportReport, { file: File; dryRun: boolean }>({
      queryFn: async ({ file, dryRun }, api) => {
        const token = (api.getState() as { auth?: { token?: string | null } }).auth?.token;
        const body = new FormData();
        body.append('file', file);
        const answer = await uploadWithProgress(
          `/api/products/import${dryRun ? '?dryRun=1' : ''}`,
          body,
          token,
          (progress) => importProgress.dispatchEvent(new CustomEvent('progress', { detail: progress })),
        );
        if (answer.status === 'FETCH_ERROR') return { error: answer };
        if (answer.status === 200) return { data: answer.body as CatalogueImportReport };
        // As every other call: a refused token signs the user out (the base query is not used here).
        if (answer.status === 401) endExpiredSession(api.dispatch);
        return { error: { status: answer.status, data: answer.body } };
      },
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : ['Product', 'Dashboard']),
    }),
  }),
});

export const { useExportCatalogueMutation, useImportCatalogueMutation } = catalogueSheetApi;
