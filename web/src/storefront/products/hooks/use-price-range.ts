import { useMemo, useState } from 'react';
import { DEBOUNCE_MS, type Product } from '@shop/common';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { filterByPrice, priceBounds, type PriceRange } from '../lib/price-bounds';

/**
 * The price sliders over the loaded page of products: their bounds, the range chosen, and the
 * products inside it. A new page of results starts at its full range; the grid follows the
 * sliders after the same pause as the other filters.
 */
export function usePriceRange(docs: Product[]) {
  const bounds = useMemo(() => priceBounds(docs), [docs]);
  const [chosen, setChosen] = useState<{ for: Product[]; range: PriceRange } | null>(null);
  const price = chosen && chosen.for === docs ? chosen.range : bounds;
  const appliedChosen = useDebouncedValue(chosen, DEBOUNCE_MS);
  const shown = useMemo(
    () => (appliedChosen && appliedChosen.for === docs ? filterByPrice(docs, appliedChosen.range) : docs),
    [appliedChosen, docs],
  );
  return {
    bounds,
    price,
    shown,
    choose: (range: PriceRange) => setChosen({ for: docs, range }),
    clear: () => setChosen(null),
  };
}
