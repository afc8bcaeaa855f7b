/**
 * Example MXIK codes for the demo catalogue, from the furniture groups of tasnif.soliq.uz (seats,
 * other furniture, boards), with a piece ("dona") package code. Examples only: a shop checks its own
 * products' codes in the catalogue before taking card payments (docs/operations.md).
 */
const SEATS = { ikpu: '09401001001000000', packageCode: '1514296' };
const TABLES = { ikpu: '09403001001000000', packageCode: '1514296' };
const CABINETS = { ikpu: '09403002001000000', packageCode: '1514296' };
const BOARDS = { ikpu: '09610001001000000', packageCode: '1514296' };

/** By the demo product's picture, which names what it is. */
export const DEMO_FISCAL_CODES: Readonly<Record<string, { ikpu: string; packageCode: string }>> = {
  'school-desk-bench.svg': TABLES,
  'classroom-chair.svg': SEATS,
  'whiteboard.svg': BOARDS,
  'bookshelf.svg': CABINETS,
  'kids-table.svg': TABLES,
  'kids-chairs-set.svg': SEATS,
  'toy-cabinet.svg': CABINETS,
  'office-desk.svg': TABLES,
  'ergonomic-office-chair.svg': SEATS,
  'filing-cabinet.svg': CABINETS,
  'meeting-table.svg': TABLES,
  'loft-shelving-rack.svg': CABINETS,
  'loft-bar-stool.svg': SEATS,
  'loft-coffee-table.svg': TABLES,
};
