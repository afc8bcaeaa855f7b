// The import reads workbooks with ExcelJS's streaming reader only (see exceljs-workbook-writer.d.ts).
declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type { stream } from 'exceljs';
  const WorkbookReader: typeof stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
