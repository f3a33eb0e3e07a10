import type { OwnRedemption, StoreData, StoreQuery } from '@common/contracts/store';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { SHOWS_BALANCE, useAuth } from '@web/lib/auth';

const STORE = ['store'] as const;

export type StoreFilters = Pick<StoreQuery, 'search' | 'sort'> & { price_range: StoreQuery['price_range'] | 'all' };

/** Spec 1 §7: the price range is omitted when All Prices is chosen. */
function storePath({ search, sort, price_range }: StoreFilters) {
  const query = new URLSearchParams({ search, sort });
  if (price_range !== 'all' && price_range) query.set('price_range', price_range);
  return `/api/r/store?${query}`;
}

export const useStore = (filters: StoreFilters, enabled: boolean) =>
  useQuery<StoreData>({
    queryKey: [...STORE, filters],
    queryFn: ({ signal }) => api.get<{ data: StoreData }>(storePath(filters), signal).then((body) => body.data),
    enabled,
    placeholderData: keepPreviousData,
    meta: { [SHOWS_BALANCE]: true },
  });

type RedeemResult = { message?: string; data: { redemption: OwnRedemption; balance: number } };

/** Redeems one item; on success the store (and the balance in the top bar) reload. */
export function useRedeem() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (itemId: number) => api.post<RedeemResult>(`/api/r/store/${itemId}/redeem`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: STORE }), refreshUser()]),
  });
}
