import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchColumns } from './search-document.js';

const text = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.constantFrom('Stol', 'Ofis kreslosi', "O'quvchi", 'Шкаф'),
);
const translation = fc.record({ name: text, description: text }, { requiredKeys: [] });

describe('searchColumns', () => {
  it('writes every name into the search text, so a hit by name is always a hit by text', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: text,
          description: text,
          translations: fc.record({ ru: translation, en: translation }, { requiredKeys: [] }),
        }),
        (product) => {
          const { searchName, searchText } = searchColumns(product);
          // Every LIKE pattern holds a letter, so a name of spaces alone can match nothing.
          if (searchName.trim() !== '') expect(searchText).toContain(searchName);
        },
      ),
      { numRuns: 500 },
    );
  });
});
