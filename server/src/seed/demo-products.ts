import type { Category, DiscountType, ProductTranslations } from '@shop/common';

/**
 * The 14 demo products loaded into an empty database (docs/decisions/004).
 * Each one ships with a drawn SVG in `./images/`, rendered to WebP at seed time.
 */
export interface DemoProduct {
  name: string;
  description: string;
  /** Russian and English, as a shop here would write them. */
  translations: Required<ProductTranslations>;
  /** Whole so'm. */
  price: number;
  /** So'm per unit for assembly at the door; left out = comes assembled. */
  assemblyPrice?: number;
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
    translations: {
      ru: {
        name: 'Двухместная школьная парта',
        description:
          'Парта для двух учеников вместе со скамьёй: наклонная столешница 120×50 см, полка для книг и прочный металлический каркас. Покрытие ЛДСП устойчиво к царапинам, для 5–11 классов.',
      },
      en: {
        name: 'Two-seat school desk with bench',
        description:
          'A desk for two pupils with its bench: a 120×50 cm sloping top, a book shelf and a sturdy metal frame. Scratch-resistant laminated board, for grades 5–11.',
      },
    },
    price: 1_250_000,
    assemblyPrice: 100_000,
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
    translations: {
      ru: {
        name: 'Ученический стул',
        description:
          'Школьный стул с каркасом из квадратной металлической трубы, сиденье и спинка из фанеры 8 мм. Высота сиденья 44 см, выдерживает до 100 кг.',
      },
      en: {
        name: "Pupil's chair",
        description:
          'A classroom chair with a square steel tube frame and an 8 mm plywood seat and back. Seat height 44 cm, holds up to 100 kg.',
      },
    },
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
    translations: {
      ru: {
        name: 'Магнитная белая доска на колёсах',
        description:
          'Двусторонняя магнитная белая доска 180×100 см с алюминиевой рамой и колёсами с фиксаторами. Для письма маркером, подходит для классов и учебных центров.',
      },
      en: {
        name: 'Magnetic whiteboard on wheels',
        description:
          'A 180×100 cm double-sided magnetic whiteboard with an aluminium frame and locking wheels. For writing with markers, suits classrooms and training centres.',
      },
    },
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
    translations: {
      ru: {
        name: 'Книжный стеллаж для класса',
        description:
          'Открытый пятиярусный книжный стеллаж 100×32×190 см из ЛДСП 18 мм. Для классной библиотеки и учебников, с креплением к стене.',
      },
      en: {
        name: 'Classroom bookcase',
        description:
          'An open five-shelf bookcase, 100×32×190 cm, 18 mm laminated board. For a class library and textbooks, with a wall fixing kit.',
      },
    },
    price: 1_450_000,
    assemblyPrice: 150_000,
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
    translations: {
      ru: {
        name: 'Детский стол',
        description:
          'Детский стол 100×60 см для детского сада и дома, высота 52 см. Скруглённые углы, цветные ножки из массива дерева.',
      },
      en: {
        name: "Kids' table",
        description:
          "A 100×60 cm children's table for kindergarten and home, 52 cm high. Rounded corners, coloured legs of solid wood.",
      },
    },
    price: 540_000,
    assemblyPrice: 60_000,
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
    translations: {
      ru: {
        name: 'Набор детских стульев (4 шт.)',
        description:
          'Четыре лёгких стула для детей 3–6 лет, высота сиденья 28 см. Влагостойкая фанера, покрыта безопасной краской на водной основе.',
      },
      en: {
        name: "Set of kids' chairs (4 pieces)",
        description:
          'Four light chairs for children aged 3–6, seat height 28 cm. Moisture-resistant plywood finished with safe water-based paint.',
      },
    },
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
    translations: {
      ru: {
        name: 'Шкаф для игрушек',
        description:
          'Низкий шкаф на шесть ячеек, 120×34×82 см, для сортировки игрушек и книг. С тремя съёмными корзинами, на высоте, до которой ребёнок дотянется сам.',
      },
      en: {
        name: 'Toy cabinet',
        description:
          'A low six-cube cabinet, 120×34×82 cm, for sorting toys and books. With three removable baskets, at a height a child reaches alone.',
      },
    },
    price: 1_180_000,
    assemblyPrice: 120_000,
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
    translations: {
      ru: {
        name: 'Офисный стол с ящиками',
        description:
          'Письменный стол 140×70 см с тумбой на три ящика и металлическими ножками. Для работы с компьютером и документами, столешница толщиной 25 мм.',
      },
      en: {
        name: 'Office desk with drawers',
        description:
          'A 140×70 cm writing desk with a three-drawer pedestal and metal legs. For computer and paper work, with a 25 mm thick top.',
      },
    },
    price: 2_350_000,
    assemblyPrice: 200_000,
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
    translations: {
      ru: {
        name: 'Эргономичное офисное кресло',
        description:
          'Сетчатая спинка, поясничная опора, подголовник и регулируемые по высоте подлокотники. Газлифт и крестовина на пяти колёсах, до 120 кг.',
      },
      en: {
        name: 'Ergonomic office chair',
        description:
          'Mesh back, lumbar support, headrest and height-adjustable armrests. Gas lift and a five-wheel base, up to 120 kg.',
      },
    },
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
    translations: {
      ru: {
        name: 'Металлический шкаф для документов',
        description:
          'Металлическая картотека на четыре ящика, 46×62×132 см, для папок А4. Ящики на направляющих полного выдвижения, с центральным замком.',
      },
      en: {
        name: 'Metal filing cabinet',
        description:
          'A four-drawer metal filing cabinet, 46×62×132 cm, for A4 folders. Full-extension drawer runners and a central lock.',
      },
    },
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
    translations: {
      ru: {
        name: 'Стол для переговоров',
        description:
          'Стол для совещаний на 8–10 человек, 240×100 см, столешница из ламината цвета ореха и металлические опоры. Со скрытым кабель-каналом.',
      },
      en: {
        name: 'Meeting table',
        description:
          'A conference table for 8–10 people, 240×100 cm, with a walnut-finish laminate top and metal supports. With a hidden cable channel.',
      },
    },
    price: 6_900_000,
    assemblyPrice: 350_000,
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
    translations: {
      ru: {
        name: 'Металлический стеллаж в стиле лофт',
        description:
          'Пятиярусный стеллаж на чёрном металлическом каркасе, 90×36×180 см, полки из сосновой доски. Боковины усилены X-образными распорками.',
      },
      en: {
        name: 'Loft-style metal shelving rack',
        description:
          'A five-tier rack on a black metal frame, 90×36×180 cm, with pine board shelves. The sides are braced with X-shaped struts.',
      },
    },
    price: 2_100_000,
    assemblyPrice: 150_000,
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
    translations: {
      ru: {
        name: 'Барный стул лофт',
        description:
          'Высокий стул для кухонного острова и барной стойки, высота сиденья 75 см. Круглое деревянное сиденье, металлический каркас с подставкой для ног.',
      },
      en: {
        name: 'Loft bar stool',
        description:
          'A tall stool for a kitchen island or bar counter, seat height 75 cm. Round wooden seat, metal frame with a footrest.',
      },
    },
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
    translations: {
      ru: {
        name: 'Журнальный столик лофт',
        description:
          'Журнальный стол 120×60 см, столешница из массива дерева толщиной 40 мм и чёрная металлическая рама. Нижняя полка для журналов и книг.',
      },
      en: {
        name: 'Loft coffee table',
        description:
          'A 120×60 cm coffee table with a 40 mm solid wood top and a black metal frame. A lower shelf for magazines and books.',
      },
    },
    price: 1_350_000,
    assemblyPrice: 80_000,
    category: 'loft',
    color: ['jigarrang', 'qora'],
    stock: 20,
    isNewProduct: false,
    discount: null,
    image: 'loft-coffee-table.svg',
  },
];
