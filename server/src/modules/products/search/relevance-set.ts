/**
 * Queries a shopper here types, each with the demo product (by its Uzbek name) it should find.
 * Run as a test (relevance.test.ts) and by `npm run bench:search`; the bar (decision 012):
 * the product in the top five for ≥ 95 % of queries, first for ≥ 80 %.
 */
export type QueryKind = 'uz-latin' | 'uz-cyrillic' | 'russian' | 'english' | 'typo' | 'apostrophe';

export interface RelevanceCase {
  query: string;
  kind: QueryKind;
  expected: string;
}

const PARTA = 'Ikki kishilik maktab partasi';
const PUPIL_CHAIR = "O'quvchi stuli";
const WHITEBOARD = "G'ildirakli magnitli oq doska";
const BOOKCASE = 'Sinf kitob javoni';
const KIDS_TABLE = 'Bolalar stoli';
const KIDS_CHAIRS = "Bolalar stullari to'plami (4 dona)";
const TOY_CABINET = "O'yinchoqlar shkafi";
const OFFICE_DESK = 'Tortmali ofis stoli';
const OFFICE_CHAIR = 'Ergonomik ofis kreslosi';
const FILING_CABINET = 'Metall hujjat shkafi';
const MEETING_TABLE = 'Majlislar stoli';
const LOFT_RACK = 'Loft uslubidagi metall javon';
const BAR_STOOL = 'Loft bar stuli';
const COFFEE_TABLE = 'Loft jurnal stoli';

const cases = (kind: QueryKind, list: [string, string][]): RelevanceCase[] =>
  list.map(([query, expected]) => ({ query, kind, expected }));

export const RELEVANCE_SET: readonly RelevanceCase[] = [
  ...cases('uz-latin', [
    ['maktab partasi', PARTA],
    ['parta', PARTA],
    ["o'quvchi stuli", PUPIL_CHAIR],
    ['oq doska', WHITEBOARD],
    ['magnitli doska', WHITEBOARD],
    ['kitob javoni', BOOKCASE],
    ['bolalar stoli', KIDS_TABLE],
    ['bolalar stullari', KIDS_CHAIRS],
    ["o'yinchoqlar shkafi", TOY_CABINET],
    ['ofis stoli', OFFICE_DESK],
    ['ofis kreslosi', OFFICE_CHAIR],
    ['hujjat shkafi', FILING_CABINET],
    ['majlislar stoli', MEETING_TABLE],
    ['metall javon', LOFT_RACK],
    ['bar stuli', BAR_STOOL],
    ['jurnal stoli', COFFEE_TABLE],
    ['kreslo', OFFICE_CHAIR],
    ['doska', WHITEBOARD],
    ['kartoteka', FILING_CABINET],
    ['yozuv stoli', OFFICE_DESK],
  ]),
  ...cases('uz-cyrillic', [
    ['мактаб партаси', PARTA],
    ['ўқувчи стули', PUPIL_CHAIR],
    ['ўйинчоқлар шкафи', TOY_CABINET],
    ['мажлислар столи', MEETING_TABLE],
    ['ҳужжат шкафи', FILING_CABINET],
    ['болалар столи', KIDS_TABLE],
    ['журнал столи', COFFEE_TABLE],
    ['бар стули', BAR_STOOL],
    ['ғилдиракли доска', WHITEBOARD],
    ['офис креслоси', OFFICE_CHAIR],
    ['китоб жавони', BOOKCASE],
  ]),
  ...cases('russian', [
    ['парта', PARTA],
    ['школьная парта', PARTA],
    ['ученический стул', PUPIL_CHAIR],
    ['белая доска', WHITEBOARD],
    ['книжный стеллаж', BOOKCASE],
    ['детский стол', KIDS_TABLE],
    ['детские стулья', KIDS_CHAIRS],
    ['шкаф для игрушек', TOY_CABINET],
    ['офисный стол', OFFICE_DESK],
    ['офисное кресло', OFFICE_CHAIR],
    ['шкаф для документов', FILING_CABINET],
    ['стол для переговоров', MEETING_TABLE],
    ['стеллаж лофт', LOFT_RACK],
    ['барный стул', BAR_STOOL],
    ['журнальный столик', COFFEE_TABLE],
  ]),
  ...cases('english', [
    ['school desk', PARTA],
    ['pupil chair', PUPIL_CHAIR],
    ['whiteboard', WHITEBOARD],
    ['bookcase', BOOKCASE],
    ['kids table', KIDS_TABLE],
    ['kids chairs', KIDS_CHAIRS],
    ['toy cabinet', TOY_CABINET],
    ['office desk', OFFICE_DESK],
    ['Office Chair', OFFICE_CHAIR],
    ['filing cabinet', FILING_CABINET],
    ['meeting table', MEETING_TABLE],
    ['shelving rack', LOFT_RACK],
    ['bar stool', BAR_STOOL],
    ['coffee table', COFFEE_TABLE],
    ['drawers', OFFICE_DESK],
  ]),
  ...cases('typo', [
    ['kerslo', OFFICE_CHAIR],
    ['ergonomk', OFFICE_CHAIR],
    ['ergonamik', OFFICE_CHAIR],
    ['hujat shkafi', FILING_CABINET],
    ['majlisalr', MEETING_TABLE],
    ['jurnall stoli', COFFEE_TABLE],
    ['doskka', WHITEBOARD],
    ['partta', PARTA],
    ['bookcsae', BOOKCASE],
    ['whitebord', WHITEBOARD],
    ['filling cabinet', FILING_CABINET],
    ['кресол', OFFICE_CHAIR],
    ['журнальнй столик', COFFEE_TABLE],
    ["o'yinchoqlr", TOY_CABINET],
  ]),
  ...cases('apostrophe', [
    ['oʻquvchi stuli', PUPIL_CHAIR],
    ['o‘yinchoqlar', TOY_CABINET],
    ['g’ildirakli', WHITEBOARD],
    ['o`quvchi', PUPIL_CHAIR],
    ['gʼildirakli doska', WHITEBOARD],
    ['toʻplami', KIDS_CHAIRS],
    ['oyinchoqlar', TOY_CABINET],
    ['bogcha stoli', KIDS_TABLE],
  ]),
];

export interface RelevanceScore {
  queries: number;
  inTopFive: number;
  first: number;
  misses: { query: string; expected: string; got: string[] }[];
}

/** Scores a search function (query → product names, best first) against the set. */
export async function scoreRelevance(search: (query: string) => Promise<string[]>): Promise<RelevanceScore> {
  const score: RelevanceScore = { queries: RELEVANCE_SET.length, inTopFive: 0, first: 0, misses: [] };
  for (const { query, expected } of RELEVANCE_SET) {
    const names = await search(query);
    if (names[0] === expected) score.first += 1;
    if (names.slice(0, 5).includes(expected)) score.inTopFive += 1;
    else score.misses.push({ query, expected, got: names.slice(0, 5) });
  }
  return score;
}
