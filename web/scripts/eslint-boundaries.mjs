import path from 'node:path';

/**
 * The web app's module boundaries as an ESLint rule (docs/architecture.md, "The web app"):
 * - `app/` composes everything and nothing imports it;
 * - the storefront (`storefront/<feature>`) and the back office (`back-office/<feature>`) are two
 *   apps that never import each other; a feature imports no other feature of its app, and a
 *   back-office feature shares only through `back-office/components` and `back-office/lib`;
 * - `entities/<entity>` (shop data many screens show) import only `components/`, `lib/` and the
 *   entities below them in ENTITY_ORDER, so entities depend on each other in one direction only;
 * - `lib/` and `components/` import neither an entity, a feature, nor `app/`.
 * Relative specifiers are resolved against the importing file, so `../cart/x` from a feature is
 * caught whatever the folder depth. `testing/` and `locales/` are outside the zones.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * Lower entities first: the product card holds the saved heart and adds to the cart; delivery and
 * privacy (the consent every form shows) stand alone.
 */
const ENTITY_ORDER = [
  'delivery',
  'privacy',
  'session',
  'company',
  'cart',
  'saved',
  'product',
  'order',
  'quote',
  'telegram',
];
const BACK_OFFICE_SHARED = ['components', 'lib'];

/**
 * 'app', 'lib', 'components', 'entities/<name>', 'storefront/<name>', 'back-office' (its own
 * composition: the back-office app and its routes), 'back-office/<name>', or null elsewhere.
 */
function zoneOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  const [top, name] = parts;
  if (top === 'back-office') {
    if (parts.length === 2) return 'back-office';
    return name === 'testing' ? null : `back-office/${name}`;
  }
  if (top === 'entities' || top === 'storefront') return parts.length > 2 ? `${top}/${name}` : top;
  return ['app', 'lib', 'components'].includes(top) ? top : null;
}

const layerOf = (zone) => zone.split('/')[0];
const isShared = (zone) => zone === 'lib' || zone === 'components';
const isBackOfficeShared = (zone) => BACK_OFFICE_SHARED.some((name) => zone === `back-office/${name}`);
const entityRank = (zone) => ENTITY_ORDER.indexOf(zone.split('/')[1]);

function refusal(from, to) {
  if (!from || !to || from === to) return null;
  if (to === 'app') return `${from} imports app/: the app composes the rest, never the reverse.`;
  if (from === 'app') return null;
  if (isShared(from))
    return isShared(to)
      ? null
      : `${from}/ imports ${to}: shared code never depends on an entity, a feature or an app.`;
  if (isShared(to)) return null;
  if (layerOf(from) === 'entities') {
    if (layerOf(to) !== 'entities')
      return `${from} imports ${to}: entities serve both apps and import neither.`;
    return entityRank(to) < entityRank(from)
      ? null
      : `${from} imports ${to}: an entity imports only those before it in ${ENTITY_ORDER.join(' → ')}.`;
  }
  if (layerOf(to) === 'entities') return null;
  if (layerOf(from) !== layerOf(to))
    return `${from} imports ${to}: the storefront and the back office never import each other.`;
  if (to === 'back-office' || to === 'storefront')
    return `${from} imports ${to}/: the app composes its features, never the reverse.`;
  if (from === 'back-office' || isBackOfficeShared(to)) return null;
  if (isBackOfficeShared(from))
    return `${from} imports ${to}: the back office's shared pieces never depend on one of its features.`;
  return `${from} imports ${to}: features never import each other. Move the shared piece down, or let the app pass it in.`;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Web module boundaries' } },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const message = refusal(from, zoneOf(path.resolve(path.dirname(context.filename), source.value)));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../other-feature/x') ties a test to another feature just as an import does.
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock)$/]': (node) =>
        check(node.arguments[0]),
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
