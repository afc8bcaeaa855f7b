import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DEBOUNCE_MS, PAGE_SIZE, type Product } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Plus } from 'lucide-react';
import { WindowPager } from '../../../components/ui/pager/pager';
import { LoadingRow } from '../../components/state-views';
import { ListStates } from '../../components/list-states';
import { btn } from '../../components/styles';
import {
  useCreateProductMutation,
  useDeleteProductImageMutation,
  useDeleteProductMutation,
  useGetAdminProductQuery,
  useGetAdminProductsQuery,
  useRestoreProductMutation,
  useUpdateProductMutation,
} from '../api/staff-products-api';
import {
  EMPTY_PRODUCT_FILTERS,
  listPlaceOf,
  productListParams,
  readProductFilters,
  readProductPage,
  type ProductFilters,
} from '../lib/product-filters';
import { ProductFiltersPanel } from './product-filters-panel';
import { ProductForm } from './product-form';
import { ProductTable } from './product-table';

function wideScreen(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(min-width: 768px)').matches
  );
}

function ProductsList({ onCreate, onEdit }: { onCreate: () => void; onEdit: (product: Product) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(wideScreen);
  // Filters and page live in the URL, so saving a product comes back to the same place.
  const filters = readProductFilters(params);
  const page = readProductPage(params);
  const [searchText, setSearchText] = useState(filters.search);
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (seenSearch !== filters.search) {
    // The URL's search changed (a chip, back/forward): the box shows it.
    setSeenSearch(filters.search);
    setSearchText(filters.search);
  }
  const [toDelete, setToDelete] = useState<Product | null>(null);

  const showPlace = useCallback(
    (next: ProductFilters, nextPage = 1, replace = false) =>
      setParams(productListParams(next, nextPage), { replace }),
    [setParams],
  );
  const setPage = (next: number) => showPlace(filters, next);

  // Search applies after a 500 ms pause; any filter change goes back to page 1.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    const applied = JSON.parse(filtersKey) as ProductFilters;
    if (searchText === applied.search) return;
    const timer = setTimeout(() => showPlace({ ...applied, search: searchText }, 1, true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filtersKey, showPlace]);

  const query = useGetAdminProductsQuery({ page, limit: PAGE_SIZE.admin, ...filters });
  const [deleteProduct, deleting] = useDeleteProductMutation();
  const [restoreProduct, restoring] = useRestoreProductMutation();

  useEffect(() => {
    if (query.error)
      toast.error(apiErrorMessage(query.error, t, 'admin:products.toasts.loadFailed'), {
        toastId: 'products-load',
      });
  }, [query.error, t]);

  const changeFilter = (key: keyof ProductFilters, value: string) => {
    if (key === 'search') setSearchText(value);
    showPlace({ ...filters, [key]: value });
  };
  const resetFilters = () => {
    setSearchText('');
    showPlace(EMPTY_PRODUCT_FILTERS);
  };

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
  // A page past the end (its last row deleted, an old link) shows the last page instead.
  const lastPage = data && !query.isFetching ? Math.max(1, data.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage)
      showPlace(JSON.parse(filtersKey) as ProductFilters, lastPage, true);
  }, [lastPage, page, filtersKey, showPlace]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-stone-900">{t('products.title')}</h1>
        <button type="button" className={btn.primary} onClick={onCreate}>
          <Plus size={20} />
          {t('products.addNew')}
        </button>
      </div>
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
      <WindowPager className="mt-4" page={page} totalPages={totalPages} onChange={setPage} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('products.deleteTitle')}
        message={t('products.deleteConfirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function CreateProduct({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [createProduct, state] = useCreateProductMutation();
  async function submit(form: FormData): Promise<unknown> {
    try {
      await createProduct(form).unwrap();
      toast.success(t('products.toasts.created'));
      onDone();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:products.toasts.createFailed'));
      return error; // the form shows its field errors
    }
  }
  return <ProductForm mode="create" submitting={state.isLoading} onSubmit={submit} onCancel={onDone} />;
}

function EditProduct({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { data: product, error, isLoading } = useGetAdminProductQuery(id);
  const [updateProduct, state] = useUpdateProductMutation();
  const [deleteImage] = useDeleteProductImageMutation();

  const reported = useRef(false);
  useEffect(() => {
    if (error && !reported.current) {
      reported.current = true;
      toast.error(apiErrorMessage(error, t, 'admin:products.toasts.detailsFailed'));
      onDone();
    }
  }, [error, onDone, t]);

  async function submit(form: FormData): Promise<unknown> {
    try {
      await updateProduct({ id, body: form }).unwrap();
      toast.success(t('products.toasts.updated'));
      onDone();
    } catch (failure) {
      toast.error(apiErrorMessage(failure, t, 'admin:products.toasts.updateFailed'));
      return failure; // the form shows its field errors
    }
  }

  async function removeImage(path: string) {
    try {
      await deleteImage({ id, imageUrl: path }).unwrap();
      toast.success(t('products.toasts.imageDeleted'));
    } catch (failure) {
      toast.error(apiErrorMessage(failure, t, 'admin:products.toasts.imageDeleteFailed'));
    }
  }

  if (isLoading || !product) return <LoadingRow />;
  return (
    <ProductForm
      key={product._id}
      mode="edit"
      product={product}
      submitting={state.isLoading}
      onSubmit={submit}
      onCancel={onDone}
      onDeleteImage={removeImage}
    />
  );
}

/** List, create form or edit form, kept in the URL: `?action=create`, `?action=edit&id=…`. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const editId = params.get('id');
  // The form keeps the list's filters and page in the URL beside its own keys, and leaves them.
  const place = listPlaceOf(params);
  const openForm = (form: Record<string, string>) =>
    setParams(new URLSearchParams([...place, ...Object.entries(form)]));
  const backToList = () => setParams(place);

  if (action === 'create') return <CreateProduct onDone={backToList} />;
  if (action === 'edit' && editId) return <EditProduct id={editId} onDone={backToList} />;
  return (
    <ProductsList
      onCreate={() => openForm({ action: 'create' })}
      onEdit={(product) => openForm({ action: 'edit', id: product._id })}
    />
  );
}
