import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './logging.js';

const loggedUrl = (url: string) => {
  const options = withoutSecrets({}) as {
    serializers: { req: (request: FastifyRequest) => { url: string } };
  };
  return options.serializers.req({ method: 'GET', url, host: 'shop.test', ip: '127.0.0.1' } as FastifyRequest)
    .url;
};

describe('request log lines', () => {
  it("leave out an order's key, on the API read and on the confirmation page", () => {
    expect(loggedUrl('/api/orders/0123456789abcdef01234567?key=Zm9vYmFyLWtleV8xMjM0NQ')).toBe(
      '/api/orders/0123456789abcdef01234567?key=[key]',
    );
    expect(loggedUrl('/order-confirmation?order=0123456789abcdef01234567&key=Zm9v-_x&lang=ru')).toBe(
      '/order-confirmation?order=0123456789abcdef01234567&key=[key]&lang=ru',
    );
  });

  it("leave out a lookup's phone, and other URLs as they are", () => {
    expect(loggedUrl('/api/orders/customer/%2B998901234567')).toBe('/api/orders/customer/[phone]');
    expect(loggedUrl('/api/products?search=monkey')).toBe('/api/products?search=monkey');
  });
});
