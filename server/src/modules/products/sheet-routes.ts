import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_ROLES,
  catalogueImportQuerySchema,
  catalogueImportReportSchema,
  errorResponseSchema,
} from '@shop/common';
import { AppError } from '../../plugins/errors.js';
import { SECURITY, errorResponses } from '../../plugins/route-docs.js';
import { csvChunks, xlsxStream } from '../../plugins/spreadsheet-stream.js';
import { SHEET_NAME } from './catalogue-sheet.js';
import type { CatalogueSheets } from './catalogue-sheets.js';
import { readBundle } from './sheet-bundle.js';
import { readSheet, type SheetTable } from './sheet-file.js';

const tags = ['products'];
const IMPORT_ROLES = ['admin', 'ceo'] as const;
const FILES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

type SheetRoutesOptions = { sheets: CatalogueSheets };

/** The catalogue as a spreadsheet: taken out by any staff, brought back in by admin and ceo. */
export default async function catalogueSheetRoutes(app: FastifyInstance, options: SheetRoutesOptions) {
  exportRoutes(app, options);
  importRoute(app, options);
}

async function sheetFile(sheets: CatalogueSheets, format: keyof typeof FILES) {
  const { header, rows } = await sheets.sheet();
  return {
    fileName: `products-${new Date().toISOString().slice(0, 10)}.${format}`,
    body: format === 'xlsx' ? xlsxStream(rows, header, SHEET_NAME) : Readable.from(csvChunks(rows, header)),
  };
}

function exportRoutes(app: FastifyInstance, { sheets }: SheetRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const format of ['xlsx', 'csv'] as const) {
    routes.get(
      `/products/export.${format}`,
      {
        schema: {
          summary: `The catalogue as ${format.toUpperCase()}, one row per product or variant, for the import to read back`,
          description:
            'Products not deleted, columns named in English (docs/decisions/038). CSV is UTF-8 with a BOM, ' +
            'separated by `;`; text cells starting with = + - @ get a leading apostrophe, which the import removes.',
          operationId: format === 'xlsx' ? 'exportProductsXlsx' : 'exportProductsCsv',
          tags,
          security: SECURITY.bearer,
          produces: [FILES[format].split(';')[0]!],
          response: { 200: z.string().describe('The file'), ...errorResponses(401, 403) },
        },
        onRequest: app.requireRole(STAFF_ROLES),
        compress: { encodings: ['gzip'], zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } },
      },
      async (_request, reply) => {
        const file = await sheetFile(sheets, format);
        // A stream skips the response serializer; the 200 schema only documents the file.
        return reply
          .header('content-type', FILES[format])
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body as never);
      },
    );
  }
}

/** A sheet alone may be 10 MB (the shop's upload limit); a zip with its pictures 64 MB. */
const MAX_SHEET_BYTES = 10 * 1024 * 1024;
const MAX_ZIP_BYTES = 64 * 1024 * 1024;

/** The one uploaded file, read whole under its limit (beyond it 413). */
async function uploadedSheet(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the sheet as multipart/form-data, field "file"');
  }
  const part = await request.file({ limits: { fileSize: MAX_ZIP_BYTES } });
  if (!part || part.fieldname !== 'file') {
    throw new AppError(400, 'VALIDATION_ERROR', 'Send the sheet in the field "file"');
  }
  const data = await part.toBuffer();
  if (data.length === 0) throw new AppError(400, 'VALIDATION_ERROR', 'The file is empty');
  if (data.length > MAX_SHEET_BYTES && !part.filename.toLowerCase().endsWith('.zip'))
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      'The sheet is too large: at most 10 MB (a .zip with pictures 64 MB)',
    );
  return { data, name: part.filename };
}

/** The sheet of an upload, and the pictures when it is a zip. */
async function tableOf(file: { data: Buffer; name: string }) {
  if (!file.name.toLowerCase().endsWith('.zip')) return { table: await readSheet(file.data, file.name) };
  const bundle = readBundle(file.data);
  return { table: await readSheet(bundle.sheet.data, bundle.sheet.name), pictures: bundle.images };
}

/** The answer an import ends with: its report, or a 400 with it when a write was refused. */
function ending(report: Awaited<ReturnType<CatalogueSheets['import']>>, dryRun: boolean) {
  if (!report.errors.length || dryRun) return { status: 200 as const, body: report };
  return {
    status: 400 as const,
    body: {
      message: `The sheet has ${report.errors.length} error(s); nothing was changed`,
      code: 'VALIDATION_ERROR' as const,
      ...report,
    },
  };
}

const NDJSON = 'application/x-ndjson';

/**
 * The import with its progress: one JSON line per step ({phase, done, total}) while it runs, then
 * {status, body} as the plain answer would be. Asked for by `Accept: application/x-ndjson`, so
 * the back office shows a long file's progress without a job store shared by the shop's processes.
 */
function streamedImport(
  sheets: CatalogueSheets,
  work: {
    table: SheetTable;
    pictures?: ReadonlyMap<string, Buffer>;
    dryRun: boolean;
    actor: Parameters<CatalogueSheets['import']>[1];
  },
): PassThrough {
  const out = new PassThrough();
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  sheets
    .import(work.table, work.actor, work.dryRun, { pictures: work.pictures, progress: (step) => line(step) })
    .then(
      (report) => line(ending(report, work.dryRun)),
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        line({ status: error.statusCode, body: { message: error.message, code: error.code } });
      },
    )
    .catch(() => line({ status: 500, body: { message: 'The import failed', code: 'INTERNAL_ERROR' } }))
    .finally(() => out.end());
  return out;
}

function importRoute(app: FastifyInstance, { sheets }: SheetRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/products/import',
    {
      schema: {
        summary: 'Create and change products and their variants from an XLSX, CSV or zip, all rows or none',
        description:
          'Multipart field `file`: `.xlsx` (first sheet) or `.csv`, columns as the export writes them, at most ' +
          '10 MB and 10 000 rows; or a `.zip` (64 MB, 256 MB unpacked) holding one such sheet and an `images/` ' +
          'folder whose pictures the `images` cells name. Rows match products and variants by `sku`; rows ' +
          'with option values are a product with variants, grouped by `product`. `dryRun=1` checks and ' +
          'reports, writing nothing. Otherwise every row is applied in one transaction, or none: any error ' +
          'answers 400 with the same report. With `Accept: application/x-ndjson` the answer is 200 and ' +
          'streams `{phase, done, total}` lines, then `{status, body}` with the answer above.',
        operationId: 'importProducts',
        tags,
        security: SECURITY.bearer,
        consumes: ['multipart/form-data'],
        querystring: catalogueImportQuerySchema,
        response: {
          200: catalogueImportReportSchema,
          400: z.union([errorResponseSchema.extend(catalogueImportReportSchema.shape), errorResponseSchema]),
          ...errorResponses(401, 403, 413, 415),
        },
      },
      onRequest: app.requireRole(IMPORT_ROLES),
    },
    async (request, reply) => {
      const { table, pictures } = await tableOf(await uploadedSheet(request));
      const dryRun = request.query.dryRun ?? false;
      const actor = request.currentUser!;
      if (request.headers.accept?.includes(NDJSON)) {
        const stream = streamedImport(sheets, { table, pictures, dryRun, actor });
        return reply
          .header('content-type', NDJSON)
          .header('cache-control', 'no-store')
          .send(stream as never);
      }
      const { status, body } = ending(await sheets.import(table, actor, dryRun, { pictures }), dryRun);
      return reply.status(status).send(body);
    },
  );
}
