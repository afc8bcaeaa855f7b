export const CATEGORIES = ['school', 'kinder', 'office', 'loft'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRODUCT_STATUSES = ['active', 'onPaused'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ORDER_STATUSES = ['new', 'ordered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STAFF_ROLES = ['admin', 'manager', 'ceo'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLES = [...STAFF_ROLES, 'customer'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that may create, edit and delete staff users (docs/decisions/003). */
export const USER_ADMIN_ROLES: readonly Role[] = ['admin', 'ceo'];
/** Roles that must sign in with a second factor when the shop requires it (`STAFF_2FA=required`). */
export const mustHaveSecondFactor = (role: Role): boolean => role === 'admin' || role === 'ceo';
/** Roles that set delivery tariffs and slots (a manager takes orders but does not set prices). */
export const DELIVERY_ADMIN_ROLES: readonly Role[] = ['admin', 'ceo'];

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PRODUCT_SORTS = ['newest', 'price_desc', 'price_asc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Uzbek colour keys and the colour each is drawn with. */
export const COLOR_SWATCHES = {
  oq: '#ffffff',
  qora: '#000000',
  qizil: '#dc2626',
  yashil: '#16a34a',
  "ko'k": '#2563eb',
  sariq: '#facc15',
  pushti: '#ec4899',
  jigarrang: '#8b5a2b',
  kulrang: '#6b7280',
  oltin: '#d4af37',
  kumush: '#c0c0c0',
} as const;
export type ColorKey = keyof typeof COLOR_SWATCHES;
export const COLOR_KEYS = Object.keys(COLOR_SWATCHES) as ColorKey[];
export const UNKNOWN_COLOR_SWATCH = '#e5e7eb';

export const PAGE_SIZE = {
  listing: 9,
  home: 20,
  admin: 10,
  max: 100,
} as const;

export const LIMITS = {
  minPasswordLength: 6,
  maxPasswordLength: 128,
  maxOrderLines: 50,
  maxLineQuantity: 1000,
  maxPrice: 10_000_000_000,
  maxStock: 1_000_000,
  maxImageBytes: 10 * 1024 * 1024,
  maxImagesPerRequest: 10,
} as const;

/** Uzbekistan keeps UTC+5 all year: plain dates are Tashkent days, in discounts and staff filters. */
export const SHOP_UTC_OFFSET = '+05:00';

export const DEFAULT_PRICE_RANGE = { min: 0, max: 10000 } as const;
export const DEBOUNCE_MS = 500;
export const TOAST_CLOSE_MS = 3000;
export const CAROUSEL_AUTOPLAY_MS = 5000;

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  cart: 'cartState',
  language: 'language',
  portfolioPhone: 'portfolioPhone',
} as const;

export const LANGUAGES = ['uz', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';

// Plain values, not in the zod schemas' module: the storefront's first load reads them without zod.
/** The option whose values are the product's colours for a client that knows only `color`. */
export const COLOUR_OPTION_CODE = 'colour';
/** Listing filters by option values: `opt.<code>=<value>` query parameters, at most three. */
export const OPTION_FILTER_PREFIX = 'opt.';
