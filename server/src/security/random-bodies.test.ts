import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ID_PATTERN, LIMITS, productFormSchema, productUpdateSchema } from '@shop/common';
import { recordFigure } from '../test/reliability-figures.js';
import { buildTestShop, createUser, insertProduct, type TestShop, type TestUser } from '../test/test-app.js';

/** The parts of OpenAPI's JSON Schema that the shop's routes use. */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  nullable?: boolean;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface Operation {
  parameters?: { in: string; name: string; schema: FieldSchema }[];
  requestBody?: { content: Record<string, { schema: FieldSchema }> };
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: Record<string, FieldSchema>;
  body?: FieldSchema;
}

/** The product form is read by hand (multipart or JSON), so its fields are not in the document. */
const FORM_FIELDS: Record<string, z.ZodType> = {
  'POST /api/products': productFormSchema,
  'PATCH /api/products/{id}': productUpdateSchema,
};

const RUNS_PER_ROUTE = 30;
const CALLERS = ['guest', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

let shop: TestShop;
let admin: TestUser;
let routes: Route[] = [];
const ORDER_PHONE = '+998901234567';
/** Real records, so that some random requests get past "not found" into the services. */
const known = { productIds: [] as string[], orderIds: [] as string[], userIds: [] as string[] };
let generatedCases = 0;
let provenProperties = 0;

beforeAll(async () => {
  // Limits so high that random requests reach validation instead of stopping at 429.
  shop = await buildTestShop({
    rateLimits: {
      loginFailuresPerPhone: 1e6,
      loginFailuresPerAddress: 1e6,
      signUpsPerAddressPerMinute: 1e6,
      lookupsPerAddressPerMinute: 1e6,
    },
  });
  admin = await createUser(shop, 'admin');
  // Stock enough that a well-formed random order can go through.
  const desk = await insertProduct(shop, { stock: LIMITS.maxStock });
  const chair = await insertProduct(shop, {
    name: 'Test chair',
    stock: LIMITS.maxStock,
    isDiscounted: true,
    discountType: 'percentage',
    discountValue: 10,
  });
  const customer = await createUser(shop, 'customer');
  const manager = await createUser(shop, 'manager');
  const order = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Test shopper',
      phoneNumber: ORDER_PHONE,
      items: [{ productId: desk.id, quantity: 1, color: 'oq' }],
    },
  });
  expect(order.statusCode).toBe(201);
  known.productIds.push(desk.id, chair.id);
  known.orderIds.push(order.json()._id);
  known.userIds.push(admin.id, customer.id, manager.id);

  const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const key = `${method.toUpperCase()} ${path}`;
        const form = FORM_FIELDS[key];
        return {
          method: method.toUpperCase() as Route['method'],
          path,
          query: Object.fromEntries(
            (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
          ),
          body: form
            ? (z.toJSONSchema(form, { io: 'input' }) as FieldSchema)
            : operation.requestBody?.content['application/json']?.schema,
        };
      }),
  );
});

afterAll(async () => {
  // Only a fully passed run counts; the property tests add to provenProperties as they pass.
  if (routes.length > 0 && provenProperties === routes.length * CALLERS.length) {
    recordFigure({
      test: 'property-based tests',
      variant: shop.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      figure:
        `${provenProperties} properties, ${generatedCases} generated cases, 0 failures ` +
        `(random JSON bodies and query strings on all ${routes.length} API routes as guest and admin: ` +
        'never a 5xx, every 4xx JSON with a message and a known code)',
      ok: true,
    });
  }
  await shop.close();
});

/** Values the shop really holds, for the fields that name a record or a phone. */
const realValue = (field: string): fc.Arbitrary<unknown> | undefined => {
  switch (field) {
    case 'productId':
    case 'product':
    case '_id':
      return fc.constantFrom(...known.productIds);
    case 'color':
      return fc.constantFrom('oq', 'qora');
    case 'phoneNumber':
      return fc.constantFrom(ORDER_PHONE, '90 123-45-67', '(90) 1234567', '998901234567');
    case 'imageUrl':
      return fc.constant('/uploads/products/test.webp');
    default:
      return undefined;
  }
};

/** Years a shop would use: toISOString of far-off years is not the ISO form the API reads. */
const plausibleDate = fc.date({
  min: new Date('2000-01-01'),
  max: new Date('2100-01-01'),
  noInvalidDate: true,
});
const anyJson = fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: 'binary' }));

/** A value of the type the document gives the field (which may still break its limits). */
function documentedValue(schema: FieldSchema, field?: string): fc.Arbitrary<unknown> {
  const real = field === undefined ? undefined : realValue(field);
  const typed = typedValue(schema);
  const value = real ? fc.oneof(real, typed) : typed;
  return schema.nullable ? fc.oneof(fc.constant(null), value) : value;
}

function typedValue(schema: FieldSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => documentedValue(option)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum, max: schema.maximum });
    case 'number': {
      // Money, stock and quantities are bounded after parsing, so the document often shows no bounds:
      // mix small numbers (valid quantities), any size up to the largest price, and fractions.
      const low = schema.minimum ?? 0;
      const high = schema.maximum ?? LIMITS.maxPrice;
      return fc.oneof(
        fc.integer({ min: low, max: Math.min(high, low + 100) }),
        fc.integer({ min: low, max: high }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'string':
      if (schema.format === 'date-time') return plausibleDate.map((at) => at.toISOString());
      if (schema.format === 'date') return plausibleDate.map((at) => at.toISOString().slice(0, 10));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'));
      return fc.string({ minLength: schema.minLength, maxLength: schema.maxLength });
    case 'array':
      return fc.array(documentedValue(schema.items ?? {}), {
        minLength: schema.minItems,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return fieldsOf(schema, documentedValue, schema.required ?? []);
    default:
      return anyJson;
  }
}

function fieldsOf(
  schema: FieldSchema,
  valueOf: (field: FieldSchema, name: string) => fc.Arbitrary<unknown>,
  requiredKeys: string[],
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valueOf(field, name)]);
  return fc.record(Object.fromEntries(fields) as Record<string, fc.Arbitrary<unknown>>, { requiredKeys });
}

/** Anything at all, the route's own field names with values of right or wrong types, or a well-typed body. */
function requestBody(route: Route): fc.Arbitrary<unknown> {
  if (!route.body) return anyJson;
  const rightOrWrong = (field: FieldSchema, name: string) => fc.oneof(documentedValue(field, name), anyJson);
  return fc.oneof(anyJson, fieldsOf(route.body, rightOrWrong, []), documentedValue(route.body));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Pieces of broken query strings: bad percent escapes, NULs, bare separators, prototype keys. */
const QUERY_NOISE = '% %00 %C0%AF %FF = & + [ ] . a 1 __proto__ page'.split(' ');

/** The route's own parameters (some repeated) with documented or random values, or broken encoding. */
function queryString(route: Route): fc.Arbitrary<string> {
  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }));
  const parameterValue = (schema: FieldSchema, name: string) => {
    // An object parameter (the option filters) is sent as `name.key=value` pairs, below.
    const one = fc.oneof(
      documentedValue(schema, name).map((value) => (isRecord(value) ? value : String(value))),
      text,
    );
    return fc.oneof(one, fc.array(one, { minLength: 2, maxLength: 3 }));
  };
  const named = fc
    .tuple(
      fieldsOf({ properties: route.query }, parameterValue, []),
      fc.dictionary(text, text, { maxKeys: 2 }),
    )
    .map(([parameters, extra]) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...extra, ...parameters }))
        for (const one of [value].flat()) {
          if (!isRecord(one)) search.append(name, String(one));
          else for (const [key, inner] of Object.entries(one)) search.append(`${name}.${key}`, String(inner));
        }
      return search.toString();
    });
  const broken = fc.string({ unit: fc.constantFrom(...QUERY_NOISE), maxLength: 12 });
  return fc.oneof(named, broken).map((query) => (query ? `?${query}` : ''));
}

/** Real ids of the record the path names, well-formed unknown ids, or any text. */
function pathValue(route: Route, parameter: string): fc.Arbitrary<string> {
  const real =
    parameter === 'phone'
      ? [ORDER_PHONE, '901234567', '(90) 123-45-67']
      : route.path.startsWith('/api/products')
        ? known.productIds
        : route.path.startsWith('/api/orders')
          ? known.orderIds
          : known.userIds;
  return fc
    .oneof(
      fc.constantFrom(...real),
      fc.stringMatching(ID_PATTERN),
      fc.string({ unit: 'grapheme', maxLength: 250 }),
    )
    .map(encodeURIComponent);
}

function requestUrl(route: Route): fc.Arbitrary<string> {
  const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return fc
    .tuple(fc.tuple(...parameters.map((parameter) => pathValue(route, parameter))), queryString(route))
    .map(([values, query]) => {
      let index = 0;
      return route.path.replace(/\{\w+\}/g, () => values[index++]!) + query;
    });
}

async function neverFailsOnItsSide(route: Route, caller: Caller): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestUrl(route), requestBody(route), async (url, body) => {
      generatedCases += 1;
      const response = await shop.app.inject({
        method: route.method,
        url,
        headers: { ...(caller === 'admin' ? admin.headers : {}), 'content-type': 'application/json' },
        // GET bodies are never read, so only the other methods get one.
        ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
      });
      const seen = `${route.method} ${url} as ${caller} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, seen).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(response.headers['content-type'], seen).toMatch(/^application\/json/);
        const error = response.json();
        expect(typeof error.message, seen).toBe('string');
        expect(ERROR_CODES, seen).toContain(error.code);
      }
    }),
    { numRuns: RUNS_PER_ROUTE },
  );
  provenProperties += 1;
}

describe('random request bodies and query strings', () => {
  it('cover every route of the API document', () => {
    expect(routes.length).toBeGreaterThan(0);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(Object.keys(FORM_FIELDS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it.each(CALLERS)(
    'never answer 5xx, and answer every 4xx with a JSON message and code, as %s',
    async (caller) => {
      for (const route of routes) await neverFailsOnItsSide(route, caller);
    },
    60_000,
  );
});
