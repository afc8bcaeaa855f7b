import { useTranslation } from '../../../lib/use-translation';
import {
  formatSom,
  imageUrl,
  isDiscountWindowOpen,
  localizedDescription,
  localizedName,
  sku,
  type Product,
  type ProductPageFacts,
} from '@shop/common';
import { PageHead, pathIn } from '../../../components/seo/page-head';
import { absoluteUrl, useSite } from '../../../lib/site';
import { priceView } from '../../../entities/product/price-view';
import { returnPolicy, reviewsData, shippingDetails } from '../lib/offer-details';

/**
 * Title, preview and Product + BreadcrumbList structured data of a product page (decision 010).
 * `facts` (delivery, reviews) come with the server's HTML, where crawlers read them.
 */
export function ProductHead({ product, facts }: { product: Product; facts?: ProductPageFacts }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  // The page's own language names the product in its title, description and structured data.
  const name = localizedName(product, i18n.language);
  const description = localizedDescription(product, i18n.language);
  const site = useSite();
  const view = priceView(product);
  const paid = view.discountedPrice ?? view.price;
  const path = `/product/${product._id}`;
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
      ...(facts?.shipping.length ? { shippingDetails: shippingDetails(facts.shipping) } : {}),
      ...(site.returnDays !== undefined ? { hasMerchantReturnPolicy: returnPolicy(site.returnDays) } : {}),
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
      { name, item: here(path) },
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };

  return (
    <PageHead
      title={`${name} — ${formatSom(paid, i18n.language)} | ${site.shopName}`}
      description={description}
      path={path}
      image={imageUrl(product.productImages[0])}
      type="product"
      price={paid}
      structuredData={[productData, breadcrumbs]}
    />
  );
}
