import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { imageUrl, LIMITS } from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldError, label } from '../../components/styles';
import { compressImages, needsCompression, type Compressor } from '../lib/compress-images';

export interface ChosenFile {
  file: File;
  preview: string | null;
}

function preview(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * Images picked for upload: large ones are compressed first, each keeps a preview until the form
 * goes. `onPick` runs when a pick brings images (the form clears its earlier file error).
 */
export function useNewImages(compressor: Compressor | undefined, onPick: () => void) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [compressing, setCompressing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Object URLs of the previews are released when the form goes away.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL?.(url);
    };
  }, []);

  async function choose(list: FileList | null) {
    const files = Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    onPick();
    const large = files.some(needsCompression);
    const toastId = large ? toast.loading(t('products.toasts.compressing')) : undefined;
    setCompressing(true);
    const result = await compressImages(files, compressor);
    setCompressing(false);
    if (toastId !== undefined) {
      if (result.failed > 0) {
        toast.update(toastId, {
          render: t('products.toasts.compressFailed'),
          type: 'error',
          isLoading: false,
          autoClose: 3000,
        });
      } else {
        toast.update(toastId, {
          render: t('products.toasts.compressed'),
          type: 'success',
          isLoading: false,
          autoClose: 2000,
        });
      }
    }
    const added = result.files.map((file) => {
      const url = preview(file);
      if (url) previews.current.push(url);
      return { file, preview: url };
    });
    setChosen((current) => [...current, ...added]);
  }

  const remove = (index: number) => setChosen((current) => current.filter((_, i) => i !== index));

  return { chosen, compressing, input, choose, remove };
}

/** The stored images of a product being edited; removing one asks first, then deletes it at once. */
export function CurrentImagesSection({
  id,
  images,
  onDeleteImage,
}: {
  id: string;
  images: readonly string[];
  onDeleteImage?: (path: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const [imageToRemove, setImageToRemove] = useState<string | null>(null);
  const [removingImage, setRemovingImage] = useState(false);

  async function confirmRemoveImage() {
    if (!imageToRemove || !onDeleteImage) return;
    setRemovingImage(true);
    try {
      await onDeleteImage(imageToRemove);
    } finally {
      setRemovingImage(false);
      setImageToRemove(null);
    }
  }

  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={label}>
        {t('productForm.currentImages')}
      </h3>
      {images.length === 0 ? (
        <p className="text-sm text-stone-600">{t('productForm.noImages')}</p>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {images.map((path, index) => (
            <li key={path} className="relative">
              <ProductImage
                src={imageUrl(path)}
                alt={t('productForm.imageAlt', { index: index + 1 })}
                width={96}
                height={96}
                className="h-24 w-24 rounded-md border border-stone-200 object-cover"
              />
              <button
                type="button"
                className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
                aria-label={t('productForm.removeImage', { index: index + 1 })}
                onClick={() => setImageToRemove(path)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={imageToRemove !== null}
        title={t('productForm.removeImageTitle')}
        message={t('productForm.removeImageConfirm')}
        confirmLabel={t('common.delete')}
        busy={removingImage}
        onConfirm={() => void confirmRemoveImage()}
        onCancel={() => setImageToRemove(null)}
      />
    </section>
  );
}

/** The file picker for new images and their previews, each removable before saving. */
export function NewImagesSection({
  id,
  editing,
  images,
  error,
}: {
  id: string;
  editing: boolean;
  images: ReturnType<typeof useNewImages>;
  error: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <label htmlFor={id} className={label}>
        {editing ? t('productForm.addImages') : t('productForm.images')}
      </label>
      <input
        ref={images.input}
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={images.compressing}
        onChange={(e) => void images.choose(e.target.files)}
        className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-800"
      />
      <p className="mt-1 text-xs text-stone-600">
        {t('productForm.imagesHint', { max: LIMITS.maxImagesPerRequest })}
      </p>
      {error && <p className={fieldError}>{error}</p>}
      {images.chosen.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('productForm.newImages')}>
          {images.chosen.map(({ file, preview: url }, index) => (
            <li key={`${file.name}-${index}`} className="relative">
              {url ? (
                <img
                  src={url}
                  alt={file.name}
                  width={96}
                  height={96}
                  className="h-24 w-24 rounded-md border border-stone-200 object-cover"
                />
              ) : (
                <span className="flex h-24 w-24 items-center justify-center rounded-md border border-stone-200 p-1 text-center text-xs break-all">
                  {file.name}
                </span>
              )}
              <button
                type="button"
                className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-stone-800 text-white shadow"
                aria-label={t('productForm.removeNewImage', { name: file.name })}
                onClick={() => images.remove(index)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
