import { useTranslation } from '../../../lib/use-translation';
import { formatSom, missingTranslations, thumbnailUrl, type Product } from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { useProductText } from '../../../entities/product/product-text';
import { AdminTable } from '../../components/admin-table';
import { btn, td } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { VariantCountBadge, VariantPriceRange, variantStock } from './product-variant-facts';

interface Props {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  onRestore: (product: Product) => void;
  restoringId?: string | null;
}

export function ProductTable({ products, onEdit, onDelete, onRestore, restoringId }: Props) {
  const { t, i18n } = useTranslation('admin');
  return (
    <AdminTable
      caption={t('products.tableCaption')}
      columns={[
        { label: t('products.columns.product') },
        { label: t('products.columns.price') },
        { label: t('products.columns.category') },
        { label: t('products.columns.stock') },
        { label: t('products.columns.status') },
        { label: t('products.columns.actions'), alignRight: true },
      ]}
    >
      {products.map((product) => (
        <tr
          key={product._id}
          className={product.isDeleted ? 'bg-stone-50' : undefined}
          data-testid={`product-row-${product._id}`}
        >
          <td className={td}>
            <ProductCell product={product} />
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {product.variants.length > 0 ? (
              <VariantPriceRange product={product} />
            ) : product.discountedPrice != null && product.discountedPrice < product.price ? (
              <>
                <span className="block font-semibold text-red-700">
                  {formatSom(product.discountedPrice, i18n.language)}
                </span>
                <s className="block text-xs text-stone-600">{formatSom(product.price, i18n.language)}</s>
              </>
            ) : (
              <span className="font-semibold">{formatSom(product.price, i18n.language)}</span>
            )}
          </td>
          <td className={td}>{t(`categories.${product.category}`, { defaultValue: product.category })}</td>
          <td className={td}>
            <StockCell stock={product.variants.length > 0 ? variantStock(product) : product.stock} />
          </td>
          <td className={td}>
            <div className="flex flex-col items-start gap-1">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${product.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-800'}`}
              >
                {t(`productStatus.${product.status}`)}
              </span>
              {product.isDeleted && (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {t('products.badges.deleted')}
                </span>
              )}
            </div>
          </td>
          <td className={`${td} text-right whitespace-nowrap`}>
            <RowActions
              product={product}
              onEdit={onEdit}
              onDelete={onDelete}
              onRestore={onRestore}
              restoringId={restoringId}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** The picture, name, description and badges: new, on sale, languages the text still lacks. */
function ProductCell({ product }: { product: Product }) {
  const { t } = useTranslation('admin');
  const text = useProductText();
  return (
    <div className="flex min-w-56 items-center gap-3">
      <ProductImage
        src={thumbnailUrl(product.productImages[0])}
        alt=""
        width={48}
        height={48}
        className="h-12 w-12 shrink-0 rounded-md object-cover"
      />
      <div className="min-w-0">
        <p className="font-medium text-stone-900">{text.name(product)}</p>
        <p className="line-clamp-2 max-w-xs text-xs text-stone-600">{text.description(product)}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          {product.variants.length > 0 && <VariantCountBadge product={product} />}
          {product.isNewProduct && (
            <span className="rounded bg-emerald-100 px-1.5 text-xs text-emerald-900">
              {t('products.badges.new')}
            </span>
          )}
          {product.isDiscounted && (
            <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">
              {t('products.badges.discount')}
            </span>
          )}
          {missingTranslations(product).map((language) => (
            <span
              key={language}
              className="rounded bg-rose-100 px-1.5 text-xs text-rose-900"
              title={t('products.badges.missingTranslationHint', {
                language: t(`productForm.languages.${language}`),
              })}
            >
              {t('products.badges.missingTranslation', { language: language.toUpperCase() })}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

function StockCell({ stock }: { stock: number }) {
  return <span className={stock <= 0 ? 'font-semibold text-red-700' : undefined}>{stock}</span>;
}

/** Edit and delete, or restore for a deleted product. */
function RowActions({
  product,
  onEdit,
  onDelete,
  onRestore,
  restoringId,
}: Omit<Props, 'products'> & { product: Product }) {
  const { t } = useTranslation('admin');
  const name = useProductText().name(product);
  return product.isDeleted ? (
    <button
      type="button"
      className={`${btn.small} bg-emerald-700 text-white hover:bg-emerald-800`}
      onClick={() => onRestore(product)}
      disabled={restoringId === product._id}
      aria-label={t('products.actions.restoreNamed', { name })}
    >
      {t('products.actions.restore')}
    </button>
  ) : (
    <div className="inline-flex gap-1">
      <RowActionButton label={t('products.actions.editNamed', { name })} onClick={() => onEdit(product)}>
        {t('common.edit')}
      </RowActionButton>
      <RowActionButton
        label={t('products.actions.deleteNamed', { name })}
        onClick={() => onDelete(product)}
        danger
      >
        {t('common.delete')}
      </RowActionButton>
    </div>
  );
}
