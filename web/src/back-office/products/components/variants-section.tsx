import { toast } from 'react-toastify';
import type { Product } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { btn, card, fieldError } from '../../components/styles';
import { useSaveProductVariantsMutation } from '../api/staff-products-api';
import { useVariantsEditor } from '../hooks/use-variants-editor';
import { optionsInput } from '../lib/variant-draft';
import { OptionEditor } from './option-editor';
import { VariantBulkBar } from './variant-bulk-bar';
import { VariantTable } from './variant-table';
import { useVariantsErrorText } from './variants-error-text';

/** The product's options and its variant table, saved together apart from the product form. */
export function VariantsSection({ product }: { product: Product }) {
  const { t } = useTranslation(['admin', 'common']);
  const errorText = useVariantsErrorText();
  const editor = useVariantsEditor(product);
  const [saveVariants, state] = useSaveProductVariantsMutation();
  const { draft, errors } = editor;
  const options = optionsInput(draft.options);

  async function save() {
    const body = editor.check();
    if (!body) {
      toast.error(t('variants.errors.fixFirst'));
      return;
    }
    try {
      const saved = await saveVariants({ id: product._id, body }).unwrap();
      editor.reset(saved);
      toast.success(t('variants.saved'));
    } catch (failure) {
      editor.showServerError(failure);
      toast.error(t('variants.errors.saveFailed'));
    }
  }

  return (
    <section className={`${card} space-y-4 p-4 sm:p-6`} aria-labelledby="variants-title">
      <div>
        <h3 id="variants-title" className="text-lg font-semibold">
          {t('variants.title')}
        </h3>
        <p className="text-sm text-stone-600">{t('variants.intro')}</p>
      </div>
      <OptionEditor options={draft.options} errors={errors.options} onChange={editor.setOptions} />
      <div className="flex flex-wrap items-center gap-2 border-t border-stone-200 pt-4">
        <button
          type="button"
          className={btn.secondary}
          disabled={draft.options.length === 0}
          onClick={editor.generate}
        >
          {t('variants.generate')}
        </button>
        <button
          type="button"
          className={btn.ghost}
          disabled={draft.variants.length === 0}
          onClick={editor.suggestSkus}
        >
          {t('variants.suggestSkus')}
        </button>
        <p className="text-xs text-stone-600">{t('variants.generateHint')}</p>
      </div>
      {draft.variants.length > 0 && (
        <VariantBulkBar count={editor.selected.size} onApply={editor.applyBulk} />
      )}
      <VariantTable
        options={options}
        rows={draft.variants}
        selected={editor.selected}
        errors={errors.rows}
        onToggle={editor.toggle}
        onToggleAll={editor.toggleAll}
        onChange={editor.setRow}
      />
      {errors.form && (
        <p role="alert" className={fieldError}>
          {errorText(errors.form)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 pt-4">
        {draft.options.length === 0 && product.options.length > 0 && (
          <p className="text-sm text-stone-600">{t('variants.plainAgain')}</p>
        )}
        <button type="button" className={btn.primary} disabled={state.isLoading} onClick={() => void save()}>
          {state.isLoading ? t('common.saving') : t('variants.save')}
        </button>
      </div>
    </section>
  );
}
