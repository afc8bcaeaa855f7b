import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestProductsQuery } from '../api/suggest-api';

/** Typing pauses this long before suggestions are asked for: fast enough to feel live. */
const SUGGEST_DELAY_MS = 200;
/** One letter matches too much to help; the server answers it with nothing as well. */
const MIN_QUERY = 2;

/**
 * The search box's text and its suggestion list: open or closed, and which suggestion the arrow
 * keys are on (-1 is the text itself: moving past either end comes back to it, as in a native list).
 */
export function useSearchSuggestions() {
  const { i18n } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const lang = i18n.language;
  const { data, isFetching } = useSuggestProductsQuery(
    { q: query, lang },
    { skip: query.length < MIN_QUERY },
  );
  const suggestions = query.length >= MIN_QUERY && text.trim().length >= MIN_QUERY ? (data?.docs ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) close();
      else setText('');
    }
  };

  return {
    text,
    suggestions,
    expanded,
    active,
    setActive,
    /** Whether the polite status line has a count to say. */
    counted: open && query.length >= MIN_QUERY && !isFetching,
    type: (value: string) => {
      setText(value);
      setOpen(true);
      setActive(-1);
    },
    clear: () => setText(''),
    openList: () => setOpen(true),
    close,
    onKeyDown,
  };
}
