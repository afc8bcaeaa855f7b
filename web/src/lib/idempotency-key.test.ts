import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderCreateHeadersSchema } from '@shop/common';
import { newIdempotencyKey, useIdempotencyKey } from './idempotency-key';

describe('useIdempotencyKey', () => {
  it('keeps one key while the same request is sent again, and a new one for another request', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ items: [1] });
    expect(result.current.keyFor({ items: [1] })).toBe(first);
    const changed = result.current.keyFor({ items: [2] });
    expect(changed).not.toBe(first);
    expect(result.current.keyFor({ items: [1] })).not.toBe(first);
  });

  it('gives the same request a new key once the attempt is done (an order placed twice on purpose)', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ items: [1] });
    result.current.done();
    expect(result.current.keyFor({ items: [1] })).not.toBe(first);
  });

  it('makes keys the server accepts, all different', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) expect(orderCreateHeadersSchema.parse({ 'idempotency-key': key })).toBeTruthy();
  });
});
