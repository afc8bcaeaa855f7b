import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSom, isLanguage, thumbnailUrl, type Language } from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestProductsQuery } from '../api/suggest-api';

/** Typing pauses this long before suggestions are asked for: fast enough to feel live. */
const SUGGEST_DELAY_MS = 200;
/** One letter matches too much to help; the server answers it with nothing as well. */
const MIN_QUERY = 2;

/**
 * The header's search-as-you-type (decision 012), an ARIA 1.2 combobox with a list popup:
 * ↓/↑ move through the suggestions, Enter opens the chosen product (or the listing searched for the
 * text), Escape closes the list and then clears the text.
 */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const uid = useId();
  const listId = `${uid}-suggestions`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'uz';
  const { data, isFetching } = useSuggestProductsQuery(
    { q: query, lang },
    { skip: query.length < MIN_QUERY },
  );
  const suggestions = query.length >= MIN_QUERY && text.trim().length >= MIN_QUERY ? (data?.docs ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${uid}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const goToProduct = (id: string) => {
    close();
    setText('');
    void navigate(`/product/${id}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
    if (chosen) return goToProduct(chosen._id);
    const search = text.trim();
    if (!search) return;
    close();
    void navigate(`/products?search=${encodeURIComponent(search)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text itself: moving past either end comes back to it, as in a native list.
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

  return (
    <form role="search" onSubmit={submit} className="relative w-full" aria-label={t('search.label')}>
      <label htmlFor={`${uid}-input`} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={`${uid}-input`}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
        className="w-full rounded-full border border-stone-300 bg-white px-4 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 sm:text-sm"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              goToProduct(suggestion._id);
            }}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? 'bg-brand-50' : ''}`}
          >
            <ProductImage
              src={thumbnailUrl(suggestion.image)}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 rounded object-cover"
            />
            <span className="min-w-0 flex-1 truncate text-sm text-stone-900">{suggestion.name}</span>
            <span className="shrink-0 text-sm font-semibold text-stone-800">
              {formatSom(suggestion.discountedPrice ?? suggestion.price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {open && query.length >= MIN_QUERY && !isFetching
          ? t('search.resultsCount', { count: suggestions.length })
          : ''}
      </p>
    </form>
  );
}
