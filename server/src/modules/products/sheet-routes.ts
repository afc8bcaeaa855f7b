import { Readable } from 'node:stream';
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
import { SHEET_COLUMNS, SHEET_NAME } from './catalogue-sheet.js';
import type { CatalogueSheets } from './catalogue-sheets.js';
import { readSheet } from './sheet-file.js';

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

function sheetFile(sheets: CatalogueSheets, format: keyof typeof FILES) {
  const header = [...SHEET_COLUMNS];
  const rows = sheets.rows();
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
          summary: `The catalogue as ${format.toUpperCase()}, one row per product, for the import to read back`,
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
        const file = sheetFile(sheets, format);
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

/** The one uploaded file, read whole under the upload limit (10 MB; beyond it 413). */
async function uploadedSheet(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the sheet as multipart/form-data, field "file"');
  }
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    throw new AppError(400, 'VALIDATION_ERROR', 'Send the sheet in the field "file"');
  }
  const data = await part.toBuffer();
  if (data.length === 0) throw new AppError(400, 'VALIDATION_ERROR', 'The file is empty');
  return { data, name: part.filename };
}

function importRoute(app: FastifyInstance, { sheets }: SheetRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/products/import',
    {
      schema: {
        summary: 'Create and change products from an XLSX or CSV sheet, all rows or none',
        description:
          'Multipart field `file`: `.xlsx` (first sheet) or `.csv`, columns as the export writes them, at most ' +
          '10 MB and 10 000 rows. Rows match products by `sku`; a new sku (8 characters of 0-9, A-F) creates ' +
          'one. `dryRun=1` checks and reports, writing nothing. Otherwise every row is applied in one ' +
          'transaction, or none: any error answers 400 with the same report.',
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
      const file = await uploadedSheet(request);
      const table = await readSheet(file.data, file.name);
      const dryRun = request.query.dryRun ?? false;
      const report = await sheets.import(table, request.currentUser!, dryRun);
      if (report.errors.length && !dryRun) {
        return reply.status(400).send({
          message: `The sheet has ${report.errors.length} error(s); nothing was changed`,
          code: 'VALIDATION_ERROR' as const,
          ...report,
        });
      }
      return report;
    },
  );
}
