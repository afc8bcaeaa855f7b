import { describe, expect, it } from 'vitest';
import { ConfigError } from './env.js';
import { onecEnvSchema, onecSettingsFrom } from './onec-settings.js';

const settingsOf = (env: Record<string, string>) => onecSettingsFrom(onecEnvSchema.parse(env));
const variableOf = (env: Record<string, string>) => {
  try {
    settingsOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.variable;
    throw error;
  }
  return undefined;
};

describe('1C exchange settings', () => {
  it('is off without ONEC_USER, and on with both, with the defaults', () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ ONEC_USER: '', ONEC_PASSWORD: '' })).toBeUndefined();
    expect(settingsOf({ ONEC_USER: 'exchange', ONEC_PASSWORD: 'long-enough-secret' })).toEqual({
      user: 'exchange',
      password: 'long-enough-secret',
      fileLimit: 50 * 1024 * 1024,
      folderLimit: 2048 * 1024 * 1024,
      categoryRules: new Map(),
      defaultCategory: 'office',
      priceType: undefined,
    });
  });

  it('names the variable that is wrong', () => {
    expect(variableOf({ ONEC_USER: 'exchange' })).toBe('ONEC_PASSWORD');
    expect(variableOf({ ONEC_PASSWORD: 'long-enough-secret' })).toBe('ONEC_USER');
    expect(variableOf({ ONEC_USER: 'exchange', ONEC_PASSWORD: 'short' })).toBe('ONEC_PASSWORD');
    expect(variableOf({ ONEC_USER: 'a:b', ONEC_PASSWORD: 'long-enough-secret' })).toBe('ONEC_USER');
    const on = { ONEC_USER: 'exchange', ONEC_PASSWORD: 'long-enough-secret' };
    expect(variableOf({ ...on, ONEC_CATEGORIES: 'Столы=tables' })).toBe('ONEC_CATEGORIES');
    expect(variableOf({ ...on, ONEC_CATEGORIES: '=office' })).toBe('ONEC_CATEGORIES');
  });

  it('reads category rules by group name or Ид, in lower case', () => {
    const settings = settingsOf({
      ONEC_USER: 'exchange',
      ONEC_PASSWORD: 'long-enough-secret',
      ONEC_CATEGORIES: 'Мебель для руководителя=office; 3C0A9B21-7f21=loft;',
    });
    expect([...settings!.categoryRules]).toEqual([
      ['мебель для руководителя', 'office'],
      ['3c0a9b21-7f21', 'loft'],
    ]);
  });
});
