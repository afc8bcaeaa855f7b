import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { cartProductIds, useGetCartProductsQuery } from '../api/cart-api';
import { refreshProducts, selectCartItems } from '../../../lib/store/cart-slice';

/**
 * Asks the catalogue for the cart's products whenever the cart (and so checkout) opens, and writes
 * what changed into the cart: new prices, products no longer available, the stock left.
 * Returns `refresh`, for checkout to ask again after a 409.
 */
export function useCartRefresh(): { refresh: () => void } {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const ids = cartProductIds(items.map((item) => item.product._id));
  const query = useGetCartProductsQuery(ids, { skip: ids === '', refetchOnMountOrArgChange: true });
  // currentData is this cart's answer only (never the previous cart's while a new one loads).
  const fresh = query.currentData;

  useEffect(() => {
    if (fresh) dispatch(refreshProducts({ requested: ids.split(','), products: fresh.docs }));
  }, [fresh, ids, dispatch]);

  return { refresh: () => void query.refetch() };
}
