import { useId, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { formatSom, thumbnailUrl, type ProductSuggestion } from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { useSearchSuggestions } from '../hooks/use-search-suggestions';

/**
 * The header's search-as-you-type (decision 012), an ARIA 1.2 combobox with a list popup:
 * ↓/↑ move through the suggestions, Enter opens the chosen product (or the listing searched for the
 * text), Escape closes the list and then clears the text.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const uid = useId();
  const listId = `${uid}-suggestions`;
  const optionId = (index: number) => `${uid}-option-${index}`;
  const search = useSearchSuggestions();
  const { suggestions, expanded, active } = search;

  const goToProduct = (id: string) => {
    search.close();
    search.clear();
    void navigate(`/product/${id}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
    if (chosen) return goToProduct(chosen._id);
    const text = search.text.trim();
    if (!text) return;
    search.close();
    void navigate(`/products?search=${encodeURIComponent(text)}`);
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
        value={search.text}
        onChange={(event) => search.type(event.target.value)}
        onKeyDown={search.onKeyDown}
        onFocus={search.openList}
        onBlur={search.close}
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
          <SuggestionOption
            key={suggestion._id}
            id={optionId(index)}
            suggestion={suggestion}
            active={index === active}
            onChoose={() => goToProduct(suggestion._id)}
            onHover={() => search.setActive(index)}
          />
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {search.counted ? t('search.resultsCount', { count: suggestions.length }) : ''}
      </p>
    </form>
  );
}

function SuggestionOption({
  id,
  suggestion,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  suggestion: ProductSuggestion;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  const { i18n } = useTranslation();
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // Chosen on mouse down, before the input's blur closes the list.
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose();
      }}
      onMouseEnter={onHover}
      className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${active ? 'bg-brand-50' : ''}`}
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
        {formatSom(suggestion.discountedPrice ?? suggestion.price, i18n.language)}
      </span>
    </li>
  );
}
