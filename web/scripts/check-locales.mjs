#!/usr/bin/env node
// Fails CI when any locale misses or adds a key compared with English, for every namespace file,
// and when a plural key lacks a form its language needs (Russian: _one, _few, _many, _other), and
// when Uzbek text writes oʻ or gʻ with anything but U+02BB or the tutuq belgisi with anything but U+02BC. `node check-locales.mjs [folder]`.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const SOURCE = 'en';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value, prefix = '', out = new Map()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Plural families: base key → set of forms present. */
function pluralFamilies(keys) {
  const families = new Map();
  for (const key of keys) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, -match[0].length);
    if (!families.has(base)) families.set(base, new Set());
    families.get(base).add(match[1]);
  }
  return families;
}

const baseKey = (key) => key.replace(PLURAL_SUFFIX, '');

// Uzbek's oʻ and gʻ take U+02BB, the official letter; ' ’ ‘ or ` after o or g mixes spellings on
// one screen. Keys are data (colour names as stored), so only the texts are checked.
const UZBEK_WRONG_APOSTROPHE = /[oOgG]['’‘`]/;
// The tutuq belgisi (maʼlumot, baʼzi, qatʼiy) is U+02BC; an apostrophe or oʻ's sign inside another
// word is the other mark.
const UZBEK_WRONG_TUTUQ = /\p{L}['’‘`]\p{L}|[^\P{L}oOgG]ʻ\p{L}?/u;

/** What is wrong with an Uzbek text's marks, if anything. */
function uzbekMarkProblem(value) {
  const oOrG = UZBEK_WRONG_APOSTROPHE.exec(value);
  if (oOrG) return `writes "${oOrG[0]}": use ʻ (U+02BB) for oʻ and gʻ`;
  const tutuq = UZBEK_WRONG_TUTUQ.exec(value);
  return tutuq ? `writes "${tutuq[0]}": use ʼ (U+02BC) for the tutuq belgisi` : undefined;
}

const locales = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const problems = [];
if (!locales.includes(SOURCE)) problems.push(`missing source locale folder ${SOURCE}`);

const namespaces = new Set();
for (const locale of locales) {
  for (const file of readdirSync(join(root, locale))) if (file.endsWith('.json')) namespaces.add(file);
}

function load(locale, file) {
  const path = join(root, locale, file);
  if (!existsSync(path)) return null;
  try {
    return flatten(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    problems.push(`${locale}/${file}: invalid JSON (${error.message})`);
    return null;
  }
}

for (const file of [...namespaces].sort()) {
  const source = load(SOURCE, file);
  if (!source) {
    problems.push(`${SOURCE}/${file}: missing (other locales have it)`);
    continue;
  }
  const sourceBases = new Set([...source.keys()].map(baseKey));
  const sourcePlurals = pluralFamilies(source.keys());
  for (const locale of locales) {
    const target = locale === SOURCE ? source : load(locale, file);
    if (!target) {
      if (locale !== SOURCE) problems.push(`${locale}/${file}: missing file`);
      continue;
    }
    const targetBases = new Set([...target.keys()].map(baseKey));
    for (const key of sourceBases)
      if (!targetBases.has(key)) problems.push(`${locale}/${file}: missing key ${key}`);
    for (const key of targetBases)
      if (!sourceBases.has(key)) problems.push(`${locale}/${file}: extra key ${key}`);
    for (const [key, value] of target) {
      if (typeof value !== 'string' || value.trim() === '')
        problems.push(`${locale}/${file}: empty or non-text value at ${key}`);
      const wrong = locale === 'uz' && uzbekMarkProblem(String(value));
      if (wrong) problems.push(`${locale}/${file}: ${key} ${wrong}`);
    }
    // Every plural family of the source needs every form this language's plural rules use.
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const targetPlurals = pluralFamilies(target.keys());
    for (const base of sourcePlurals.keys()) {
      const forms = targetPlurals.get(base) ?? new Set();
      for (const form of needed) {
        if (!forms.has(form)) problems.push(`${locale}/${file}: plural ${base} lacks _${form}`);
      }
    }
    // Interpolations must survive translation.
    for (const [key, value] of source) {
      const variables = (String(value).match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, ''));
      const candidates = [...target.entries()].filter(([k]) => baseKey(k) === baseKey(key));
      for (const [targetKey, targetValue] of candidates) {
        for (const variable of variables) {
          if (variable === '{{count}}') continue;
          if (!String(targetValue).replace(/\s/g, '').includes(variable)) {
            problems.push(`${locale}/${file}: ${targetKey} lacks ${variable}`);
          }
        }
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`Locales OK: ${locales.join(', ')} × ${[...namespaces].sort().join(', ')}`);
