import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { apiErrorMessage } from '../../../lib/api-error';
import { LoadingRow } from '../../components/state-views';
import {
  useCreateProductMutation,
  useDeleteProductImageMutation,
  useGetAdminProductQuery,
  useUpdateProductMutation,
} from '../api/staff-products-api';
import { listPlaceOf } from '../lib/product-filters';
import { ProductForm } from './product-form';
import { ProductsList } from './products-list';
import { VariantsSection } from './variants-section';

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
    <div className="space-y-6">
      <ProductForm
        key={product._id}
        mode="edit"
        product={product}
        submitting={state.isLoading}
        onSubmit={submit}
        onCancel={onDone}
        onDeleteImage={removeImage}
      />
      <VariantsSection key={`variants-${product._id}`} product={product} />
    </div>
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
