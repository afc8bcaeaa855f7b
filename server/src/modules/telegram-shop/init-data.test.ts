import { describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, launchDataFor, signInitData } from '../../test/telegram.js';
import { checkInitData } from './init-data.js';

const user = { id: 777000111, first_name: 'Aziz', language_code: 'ru' };
const now = Date.now();

describe('Mini App launch data', () => {
  it('accepts data signed with the bot token, and reads the user from it', () => {
    const check = checkInitData(launchDataFor(user), TEST_BOT_TOKEN, now);
    expect(check).toMatchObject({ ok: true, user });
  });

  it('checks the example from the bot token alone, whatever the order of the fields', () => {
    const fields = { user: JSON.stringify(user), auth_date: String(Math.floor(now / 1000)), query_id: 'q1' };
    const signed = new URLSearchParams(signInitData(fields));
    const reordered = new URLSearchParams([...signed.entries()].reverse()).toString();
    expect(checkInitData(reordered, TEST_BOT_TOKEN, now).ok).toBe(true);
  });

  it('refuses a tampered field', () => {
    const params = new URLSearchParams(launchDataFor(user));
    params.set('user', JSON.stringify({ ...user, id: 1 }));
    expect(checkInitData(params.toString(), TEST_BOT_TOKEN, now)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses data signed with another bot token', () => {
    const other = launchDataFor(user, { botToken: '654321:ANOTHER-bot' });
    expect(checkInitData(other, TEST_BOT_TOKEN, now)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses an auth_date a day old or more, and one from the future', () => {
    const dayAgo = Math.floor(now / 1000) - 24 * 3600;
    expect(checkInitData(launchDataFor(user, { authDate: dayAgo }), TEST_BOT_TOKEN, now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkInitData(launchDataFor(user, { authDate: dayAgo + 60 }), TEST_BOT_TOKEN, now).ok).toBe(true);
    const ahead = Math.floor(now / 1000) + 3600;
    expect(checkInitData(launchDataFor(user, { authDate: ahead }), TEST_BOT_TOKEN, now).ok).toBe(false);
  });

  it('refuses data without a hash, with a malformed hash, or without a user', () => {
    const params = new URLSearchParams(launchDataFor(user));
    params.delete('hash');
    expect(checkInitData(params.toString(), TEST_BOT_TOKEN, now)).toEqual({
      ok: false,
      reason: 'missing hash',
    });
    params.set('hash', 'zz');
    expect(checkInitData(params.toString(), TEST_BOT_TOKEN, now).ok).toBe(false);
    const noUser = signInitData({ auth_date: String(Math.floor(now / 1000)) });
    expect(checkInitData(noUser, TEST_BOT_TOKEN, now)).toEqual({ ok: false, reason: 'no user' });
  });
});
