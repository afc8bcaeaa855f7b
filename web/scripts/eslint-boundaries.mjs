import path from 'node:path';

/**
 * The web app's module boundaries as an ESLint rule (docs/architecture.md):
 * - a feature (`src/features/<name>`) imports neither another feature nor `src/app/`;
 * - `src/lib/` and `src/components/` import neither a feature nor `src/app/`.
 * `src/app/` composes the features: a route passes one feature's component to another.
 * Relative specifiers are resolved against the importing file, so `../cart/x` from a feature
 * is caught whatever the folder depth.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** 'app', 'lib', 'components', 'features/<name>', or null outside those. */
function zoneOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return ['app', 'lib', 'components'].includes(parts[0]) ? parts[0] : null;
}

function refusal(from, to) {
  if (!from || !to || from === to) return null;
  const isFeature = (zone) => zone.startsWith('features/');
  if (isFeature(from) && isFeature(to))
    return `${from} imports ${to}: features never import each other. Move the shared piece to components/ or lib/, or let app/ pass it in.`;
  if (isFeature(from) && to === 'app')
    return `${from} imports app/: the app composes features, never the reverse.`;
  if ((from === 'lib' || from === 'components') && (isFeature(to) || to === 'app'))
    return `${from}/ imports ${to}: shared code never depends on a feature or on the app.`;
  return null;
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
