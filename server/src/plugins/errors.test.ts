import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a dropped connection, as drizzle wraps it',
      new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
    ],
    [
      'a client broken by an earlier drop',
      new DrizzleQueryError(
        'select 1',
        [],
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ],
  ])('recognises %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('leaves %s alone', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
