import type { Category } from '@shop/common';
import type { OnecGroup } from './commerceml.js';

/**
 * Words in a group's name that say which of the shop's categories it is, in Russian, Uzbek and
 * English, checked in this order (a "loft" children's desk is loft; a children's school desk is kinder).
 */
const KEYWORDS: readonly [Category, readonly string[]][] = [
  ['loft', ['лофт', 'loft']],
  ['kinder', ['детск', 'детсад', 'ясли', 'bolalar', "bog'cha", 'bogʻcha', 'bogcha', 'kinder']],
  ['school', ['школ', 'парт', 'ученич', 'maktab', 'school']],
  ['office', ['офис', 'кабинет', 'ofis', 'office']],
];

/** The group and those it sits in, nearest first (a cycle in a broken file ends the walk). */
function lineOf(groupId: string, groups: ReadonlyMap<string, OnecGroup>): { id: string; name: string }[] {
  const line: { id: string; name: string }[] = [];
  let at: string | undefined = groupId;
  while (at && line.length < 20 && !line.some((seen) => seen.id === at)) {
    const group = groups.get(at);
    if (!group) break;
    line.push({ id: at, name: group.name.toLowerCase() });
    at = group.parent;
  }
  return line;
}

/**
 * The shop's category of a product in these 1C groups: a configured rule (ONEC_CATEGORIES, by the
 * group's name or Ид) on the group or the groups it sits in, nearest first; else the first keyword
 * found in their names; else undefined (the caller keeps the stored category or the default).
 */
export function categoryOfGroups(
  groupIds: readonly string[],
  groups: ReadonlyMap<string, OnecGroup>,
  rules: ReadonlyMap<string, Category>,
): Category | undefined {
  const lines = groupIds.map((id) => lineOf(id, groups));
  for (const line of lines) {
    for (const group of line) {
      const ruled = rules.get(group.name) ?? rules.get(group.id.toLowerCase());
      if (ruled) return ruled;
    }
  }
  for (const line of lines) {
    for (const group of line) {
      const found = KEYWORDS.find(([, words]) => words.some((word) => group.name.includes(word)));
      if (found) return found[0];
    }
  }
  return undefined;
}
