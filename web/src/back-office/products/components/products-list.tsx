import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { Plus } from 'lucide-react';
import { PAGE_SIZE, type Product } from '@shop/common';
import { WindowPager } from '../../../components/ui/pager/pager';
import { apiErrorMessage } from '../../../lib/api-error';
import { useProductText } from '../../../entities/product/product-text';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListStates } from '../../components/list-states';
import { btn } from '../../components/styles';
import { useLastPageWhenPastEnd } from '../../lib/list-place';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import {
  useDeleteProductMutation,
  useGetAdminProductsQuery,
  useRestoreProductMutation,
} from '../api/staff-products-api';
import { useProductListPlace } from '../hooks/use-product-list-place';
import { CatalogueSheetButtons } from './catalogue-sheet-buttons';
import { ProductFiltersPanel } from './product-filters-panel';
import { ProductTable } from './product-table';

function wideScreen(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(min-width: 768px)').matches
  );
}

/** The staff products table with its filters and pager; the forms open from it. */
export function ProductsList({
  onCreate,
  onEdit,
}: {
  onCreate: () => void;
  onEdit: (product: Product) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const text = useProductText();
  const [filtersOpen, setFiltersOpen] = useState(wideScreen);
  const { filters, page, searchText, setSearchText, showPlace, changeFilter, resetFilters } =
    useProductListPlace();
  const [toDelete, setToDelete] = useState<Product | null>(null);

  const query = useGetAdminProductsQuery({ page, limit: PAGE_SIZE.admin, ...filters });
  const [deleteProduct, deleting] = useDeleteProductMutation();
  const [restoreProduct, restoring] = useRestoreProductMutation();

  useLoadErrorToast(query.error, 'admin:products.toasts.loadFailed', 'products-load');

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteProduct(toDelete._id).unwrap();
      toast.success(t('products.toasts.deleted'));
      setToDelete(null);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:products.toasts.deleteFailed'));
    }
  }

  async function restore(product: Product) {
    try {
      await restoreProduct(product._id).unwrap();
      toast.success(t('products.toasts.restored'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:products.toasts.restoreFailed'));
    }
  }

  const data = query.data;
  const totalPages = data?.totalPages ?? 1;
  useLastPageWhenPastEnd(page, query, (lastPage) => showPlace(filters, lastPage, true));

  return (
    <div className="space-y-4">
      <ProductsHeading onCreate={onCreate} />
      <ProductFiltersPanel
        open={filtersOpen}
        onToggle={() => setFiltersOpen((value) => !value)}
        searchText={searchText}
        onSearchText={setSearchText}
        filters={filters}
        onChange={changeFilter}
        onReset={resetFilters}
      />
      {data && (
        <p className="text-sm text-stone-600" aria-live="polite">
          {t('products.found', { count: data.totalDocs })}
        </p>
      )}
      <ListStates
        query={query}
        errorMessage={t('products.toasts.loadFailed')}
        emptyMessage={t('products.empty')}
      >
        {(docs) => (
          <div className={query.isFetching ? 'opacity-70 transition-opacity' : undefined}>
            <ProductTable
              products={docs}
              onEdit={onEdit}
              onDelete={setToDelete}
              onRestore={(product) => void restore(product)}
              restoringId={restoring.isLoading ? restoring.originalArgs : null}
            />
          </div>
        )}
      </ListStates>
      <WindowPager
        className="mt-4"
        page={page}
        totalPages={totalPages}
        onChange={(next) => showPlace(filters, next)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('products.deleteTitle')}
        message={t('products.deleteConfirm', { name: toDelete ? text.name(toDelete) : '' })}
        confirmLabel={t('common.delete')}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function ProductsHeading({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-stone-900">{t('products.title')}</h1>
      <div className="flex flex-wrap gap-2">
        <CatalogueSheetButtons />
        <button type="button" className={btn.primary} onClick={onCreate}>
          <Plus size={20} />
          {t('products.addNew')}
        </button>
      </div>
    </div>
  );
}
