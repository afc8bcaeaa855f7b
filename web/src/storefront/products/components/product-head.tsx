import { useTranslation } from '../../../lib/use-translation';
import {
  formatSom,
  imageUrl,
  isDiscountWindowOpen,
  localizedDescription,
  localizedName,
  sku,
  variantLabel,
  type Language,
  type Product,
  type ProductPageFacts,
  type ProductVariant,
} from '@shop/common';
import { PageHead, pathIn } from '../../../components/seo/page-head';
import { absoluteUrl, useSite } from '../../../lib/site';
import { priceView } from '../../../entities/product/price-view';
import { productAs } from '../../../lib/variant-choice';
import { returnPolicy, reviewsData, shippingDetails } from '../lib/offer-details';
import { variantGroupData } from '../lib/variant-group-data';

/**
 * Title, preview and Product (or ProductGroup) + BreadcrumbList structured data of a product page
 * (decision 010). `facts` (delivery, reviews) come with the server's HTML, where crawlers read
 * them. `variant`: the one the address names, whose price and name the title carries.
 */
export function ProductHead({
  product,
  variant,
  facts,
}: {
  product: Product;
  variant?: ProductVariant;
  facts?: ProductPageFacts;
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  // The page's own language names the product in its title, description and structured data.
  const name = localizedName(product, i18n.language);
  const description = localizedDescription(product, i18n.language);
  const site = useSite();
  const view = priceView(variant ? productAs(product, variant) : product);
  const paid = view.discountedPrice ?? view.price;
  const path = variant
    ? `/product/${product._id}?variant=${encodeURIComponent(variant.sku)}`
    : `/product/${product._id}`;
  const titleName = variant
    ? `${name} (${variantLabel(product.options, variant.values, i18n.language as Language)})`
    : name;
  const language = i18n.language;
  const here = (page: string) => absoluteUrl(site, pathIn(page, language));
  const images = product.productImages.map((image) => absoluteUrl(site, imageUrl(image)!));
  const categoryName = t(`common:categories.${product.category}.name`);
  const discount = product.discounts;
  // A dated discount that runs now: the offer's price holds until its last day.
  const validUntil =
    view.discountedPrice !== null && discount?.endDate && isDiscountWindowOpen(discount)
      ? new Date(discount.endDate).toISOString().slice(0, 10)
      : undefined;

  const offerTerms = {
    ...(facts?.shipping.length ? { shippingDetails: shippingDetails(facts.shipping) } : {}),
    ...(site.returnDays !== undefined ? { hasMerchantReturnPolicy: returnPolicy(site.returnDays) } : {}),
  };
  const productData = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description,
    image: images,
    sku: sku(product._id),
    category: categoryName,
    offers: {
      '@type': 'Offer',
      price: paid,
      priceCurrency: 'UZS',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: here(path),
      ...(validUntil ? { priceValidUntil: validUntil } : {}),
      ...offerTerms,
    },
    // Only real reviews give a rating (a made-up one breaks search engines' rules).
    ...(product.rating.count >= 1 && product.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(facts?.reviews.length ? { review: reviewsData(facts.reviews) } : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: t('common:nav.home'), item: here('/') },
      { name: categoryName, item: here(`/products?category=${product.category}`) },
      { name, item: here(`/product/${product._id}`) },
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };

  return (
    <PageHead
      title={`${titleName} — ${formatSom(paid, i18n.language)} | ${site.shopName}`}
      description={description}
      path={path}
      image={imageUrl((variant ? productAs(product, variant) : product).productImages[0])}
      type="product"
      price={paid}
      structuredData={[
        product.variants.length > 0
          ? variantGroupData(product, productData, { language, offerTerms, here })
          : productData,
        breadcrumbs,
      ]}
    />
  );
}
