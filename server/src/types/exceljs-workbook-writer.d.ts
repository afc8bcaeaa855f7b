// ExcelJS's package entry loads its reader, CSV and whole-workbook code too (~12 MB more memory and
// ~0.4 s); the export only needs the streaming writer, which the package does not type on its own.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';
  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
