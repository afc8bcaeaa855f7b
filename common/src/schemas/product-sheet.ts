import { z } from 'zod';

/** POST /api/products/import?dryRun=1: check the file and report, writing nothing. */
export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'])
    .transform((flag) => flag === '1' || flag === 'true')
    .optional(),
});

/** One problem of the file: its row as numbered in the sheet (the header is row 1) and column. */
export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** What an import did (or, in a dry run, would do); any error means nothing was written. */
export const catalogueImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;
