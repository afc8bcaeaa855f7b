import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { cartProductIds, useGetCartProductsQuery } from '../api/cart-products-api';
import { refreshProducts, selectCartItems } from '../../../entities/cart/cart-slice';

/**
 * Asks the catalogue for the cart's products whenever the cart (and so checkout) opens, and writes
 * what changed into the cart: new prices, products no longer available, the stock left.
 * Returns `refresh`, for checkout to ask again after a 409.
 */
export function useCartRefresh(): { refresh: () => void } {
  const dispatch = useDispatch();
  const items = useSelector(selectCartItems);
  const ids = cartProductIds(items.map((item) => item.product._id));
  const query = useGetCartProductsQuery(ids, { skip: ids === '', refetchOnMountOrArgChange: true });
  // currentData is this cart's answer only (never the previous cart's while a new one loads).
  const fresh = query.currentData;

  useEffect(() => {
    if (fresh) dispatch(refreshProducts({ requested: ids.split(','), products: fresh.docs }));
  }, [fresh, ids, dispatch]);

  return { refresh: () => void query.refetch() };
}
