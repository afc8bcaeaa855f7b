import type { Category, DiscountType } from '@shop/common';

/**
 * The 14 demo products loaded into an empty database (decisions.md, "Products and prices").
 * Each one ships with a drawn SVG in `./images/`, rendered to WebP at seed time.
 */
export interface DemoProduct {
  name: string;
  description: string;
  /** Whole so'm. */
  price: number;
  category: Category;
  /** Keys of COLOR_SWATCHES; the first one is the main colour of the drawing. */
  color: string[];
  stock: number;
  isNewProduct: boolean;
  /** Dates are relative to the seeding day; null = open-ended. */
  discount: {
    type: DiscountType;
    value: number;
    startOffsetDays: number | null;
    endOffsetDays: number | null;
  } | null;
  /** File name of its SVG in server/src/seed/images/. */
  image: string;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ── school ────────────────────────────────────────────────────────────────
  {
    name: 'Ikki kishilik maktab partasi',
    description:
      "Skameykasi bilan birga ikki o'quvchiga mo'ljallangan parta: 120×50 sm qiya stol usti, kitob javonchasi va mustahkam metall karkas. LDSP qoplamasi tirnalishga chidamli, 5–11-sinflar uchun.",
    price: 1_250_000,
    category: 'school',
    color: ["ko'k", 'kulrang'],
    stock: 40,
    isNewProduct: false,
    discount: { type: 'percentage', value: 15, startOffsetDays: -3, endOffsetDays: 10 },
    image: 'school-desk-bench.svg',
  },
  {
    name: "O'quvchi stuli",
    description:
      "Kvadrat metall quvurdan karkasli, o'tirg'ich va suyanchig'i 8 mm faneradan yasalgan sinf stuli. O'tirg'ich balandligi 44 sm, 100 kg gacha yuk ko'taradi.",
    price: 320_000,
    category: 'school',
    color: ['yashil', "ko'k", 'qizil'],
    stock: 60,
    isNewProduct: true,
    discount: null,
    image: 'classroom-chair.svg',
  },
  {
    name: "G'ildirakli magnitli oq doska",
    description:
      "180×100 sm ikki tomonlama magnitli oq doska, alyuminiy ramka va qotiriladigan g'ildiraklar bilan. Marker bilan yozish uchun, sinf va o'quv markazlariga mos.",
    price: 980_000,
    category: 'school',
    color: ['oq', 'kumush'],
    stock: 15,
    isNewProduct: false,
    // This window already ended: the product must show and sell at full price.
    discount: { type: 'fixed', value: 150_000, startOffsetDays: -20, endOffsetDays: -5 },
    image: 'whiteboard.svg',
  },
  {
    name: 'Sinf kitob javoni',
    description:
      'Besh qavatli ochiq kitob javoni, 100×32×190 sm, 18 mm LDSP. Sinf kutubxonasi va darsliklar uchun, devorga mahkamlash moslamasi bilan.',
    price: 1_450_000,
    category: 'school',
    color: ['jigarrang', 'oq'],
    stock: 12,
    isNewProduct: false,
    discount: null,
    image: 'bookshelf.svg',
  },

  // ── kinder ────────────────────────────────────────────────────────────────
  {
    name: 'Bolalar stoli',
    description:
      "Bog'cha va uy uchun 100×60 sm bolalar stoli, balandligi 52 sm. Burchaklari yumaloqlangan, rangli oyoqlari qattiq yog'ochdan.",
    price: 540_000,
    category: 'kinder',
    color: ['sariq', "ko'k", 'yashil'],
    stock: 25,
    isNewProduct: true,
    // Open-ended discount: started a week ago, no end date.
    discount: { type: 'percentage', value: 10, startOffsetDays: -7, endOffsetDays: null },
    image: 'kids-table.svg',
  },
  {
    name: "Bolalar stullari to'plami (4 dona)",
    description:
      "3–6 yoshli bolalar uchun to'rtta yengil stul, o'tirg'ich balandligi 28 sm. Namlikka chidamli fanera, xavfsiz suv asosli bo'yoq bilan qoplangan.",
    price: 720_000,
    category: 'kinder',
    color: ['qizil', 'yashil', 'sariq', "ko'k"],
    stock: 0,
    isNewProduct: false,
    discount: null,
    image: 'kids-chairs-set.svg',
  },
  {
    name: "O'yinchoqlar shkafi",
    description:
      "Olti katakli past shkaf, 120×34×82 sm, o'yinchoq va kitoblarni saralash uchun. Uchta olinadigan savat bilan, bola o'zi yetadigan balandlikda.",
    price: 1_180_000,
    category: 'kinder',
    color: ['pushti', 'oq', 'sariq'],
    stock: 8,
    isNewProduct: true,
    discount: null,
    image: 'toy-cabinet.svg',
  },

  // ── office ────────────────────────────────────────────────────────────────
  {
    name: 'Tortmali ofis stoli',
    description:
      '140×70 sm yozuv stoli, uch tortmali tumba va metall oyoqlar bilan. Kompyuter va hujjatlar bilan ishlash uchun, 25 mm qalinlikdagi stol usti.',
    price: 2_350_000,
    category: 'office',
    color: ['oq', 'qora'],
    stock: 18,
    isNewProduct: false,
    discount: { type: 'fixed', value: 200_000, startOffsetDays: -2, endOffsetDays: 12 },
    image: 'office-desk.svg',
  },
  {
    name: 'Ergonomik ofis kreslosi',
    description:
      "To'rli suyanchiq, bel tayanchi, bosh tayanchi va balandligi sozlanadigan qo'ltiqlar. Gaz-lift va besh g'ildirakli krestovina, 120 kg gacha.",
    price: 1_890_000,
    category: 'office',
    color: ['qora', 'kulrang'],
    stock: 30,
    isNewProduct: true,
    discount: { type: 'percentage', value: 20, startOffsetDays: -1, endOffsetDays: 14 },
    image: 'ergonomic-office-chair.svg',
  },
  {
    name: 'Metall hujjat shkafi',
    description:
      "To'rt tortmali metall kartoteka, 46×62×132 sm, A4 papkalar uchun. Tortmalar to'liq chiqadigan yo'naltirgichlarda, markaziy qulf bilan.",
    price: 1_650_000,
    category: 'office',
    color: ['kulrang', 'oq'],
    stock: 10,
    isNewProduct: false,
    discount: null,
    image: 'filing-cabinet.svg',
  },
  {
    name: 'Majlislar stoli',
    description:
      "8–10 kishilik 240×100 sm majlislar stoli, yong'oq rangli laminat stol usti va metall tayanchlar. Kabel uchun yashirin kanal bilan.",
    price: 6_900_000,
    category: 'office',
    color: ['jigarrang', 'qora'],
    stock: 4,
    isNewProduct: false,
    discount: null,
    image: 'meeting-table.svg',
  },

  // ── loft ──────────────────────────────────────────────────────────────────
  {
    name: 'Loft uslubidagi metall javon',
    description:
      "Qora metall karkasli besh qavatli javon, 90×36×180 sm, qavatlari qarag'ay taxtasidan. Yon tomonlari X-shaklidagi tirgaklar bilan mustahkamlangan.",
    price: 2_100_000,
    category: 'loft',
    color: ['qora', 'jigarrang'],
    stock: 14,
    isNewProduct: true,
    discount: null,
    image: 'loft-shelving-rack.svg',
  },
  {
    name: 'Loft bar stuli',
    description:
      "Oshxona oroli va bar peshtaxtasi uchun baland stul, o'tirg'ich balandligi 75 sm. Dumaloq yog'och o'tirg'ich, oyoq tayanchli metall karkas.",
    price: 650_000,
    category: 'loft',
    color: ['qora', 'jigarrang'],
    stock: 36,
    isNewProduct: false,
    discount: null,
    image: 'loft-bar-stool.svg',
  },
  {
    name: 'Loft jurnal stoli',
    description:
      "120×60 sm jurnal stoli, 40 mm qalinlikdagi massiv yog'och stol usti va qora metall ramka. Pastki tokchasi jurnal va kitoblar uchun.",
    price: 1_350_000,
    category: 'loft',
    color: ['jigarrang', 'qora'],
    stock: 20,
    isNewProduct: false,
    discount: null,
    image: 'loft-coffee-table.svg',
  },
];
