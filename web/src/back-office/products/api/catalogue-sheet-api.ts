import type { CatalogueImportReport } from '@shop/common';
import { apiPath, baseApi } from '../../../lib/api';
import { fileOrError, savedFile, type SavedFile } from '../../../lib/saved-file';

export type SheetFormat = 'xlsx' | 'csv';

/** How far an import has come, as the server streams it. */
export interface ImportProgress {
  phase: 'check' | 'write';
  done: number;
  total: number;
}

const NDJSON = 'application/x-ndjson';

/** Progress of the running import: the import screen listens; a mutation's arguments stay plain data. */
export const importProgress = new EventTarget();

/** Reads the streamed lines: progress as it comes, then the answer the plain request would have given. */
async function streamedAnswer(response: Response): Promise<{ status: number; body: unknown } | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let answer: { status: number; body: unknown } | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? '';
    const lines = buffer.split('\n');
    buffer = done ? '' : lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as ImportProgress | { status: number; body: unknown };
      if ('phase' in message) importProgress.dispatchEvent(new CustomEvent('progress', { detail: message }));
      else answer = message;
    }
    if (done) return answer;
  }
}

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
        try {
          // Absolute, as the base query's: non-browser fetch implementations (tests) want it.
          const url = `${window.location.origin}${apiPath(`/api/products/import${dryRun ? '?dryRun=1' : ''}`)}`;
          const response = await fetch(url, {
            method: 'POST',
            body,
            headers: {
              accept: `${NDJSON}, application/json`,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          });
          if (response.ok && response.body && response.headers.get('content-type')?.includes(NDJSON)) {
            const answer = await streamedAnswer(response);
            if (!answer) return { error: { status: 'FETCH_ERROR', error: 'The answer was cut short' } };
            if (answer.status === 200) return { data: answer.body as CatalogueImportReport };
            return { error: { status: answer.status, data: answer.body } };
          }
          const data: unknown = await response.json().catch(() => undefined);
          if (response.ok) return { data: data as CatalogueImportReport };
          return { error: { status: response.status, data } };
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: String(error) } };
        }
      },
      invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : ['Product', 'Dashboard']),
    }),
  }),
});

export const { useExportCatalogueMutation, useImportCatalogueMutation } = catalogueSheetApi;
