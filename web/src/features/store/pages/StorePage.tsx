import { STORE_PRICE_RANGES, STORE_SORTS } from '@common/limits';
import { formatPoints } from '@common/format';
import type { StoreItem } from '@common/contracts/store';
import { Coins, Lock, PackageSearch, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MessagePage } from '@web/app/pages/MessagePage';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { inputClasses } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useSearchChoice } from '@web/lib/use-search-choice';
import { SEARCH_MAX_LENGTH, useSearchText } from '@web/lib/use-search-text';
import { useRedeem, useStore } from '../api/store';
import { ConfirmPurchase } from '../components/ConfirmPurchase';
import { MyRedemptions, RecentPurchases } from '../components/PurchaseLists';
import { StoreItemCard } from '../components/StoreItemCard';

const SORT_LABELS: Record<(typeof STORE_SORTS)[number], string> = {
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  popular: 'Most Popular',
  newest: 'Newest First',
};
const RANGE_VALUES = ['all', ...STORE_PRICE_RANGES] as const;
const RANGE_LABELS: Record<(typeof STORE_PRICE_RANGES)[number], string> = {
  '0-1000': '0 - 1,000 pts',
  '1000-5000': '1,000 - 5,000 pts',
  '5000-10000': '5,000 - 10,000 pts',
  '10000+': '10,000+ pts',
};

export default function StorePage() {
  usePageTitle('Store');
  const { user } = useAuth();
  if (!user) {
    return (
      <MessagePage icon={Lock} title="Authentication Required">
        You need to be logged in to access the store.{' '}
        <a href="/login" className="font-semibold text-accent hover:underline">
          Login
        </a>
      </MessagePage>
    );
  }
  return <Store />;
}

function Store() {
  const toast = useToast();
  const [search, setSearch, searched] = useSearchText('search');
  const [sort, setSort] = useSearchChoice('sort', STORE_SORTS);
  const [range, setRange] = useSearchChoice('price_range', RANGE_VALUES);
  const [confirming, setConfirming] = useState<StoreItem | null>(null);
  const filters = { search: searched, sort, price_range: range };
  const store = useStore(filters, true);
  const redeem = useRedeem();
  useEffect(() => {
    if (store.isError) toast.error('Failed to load store data');
  }, [store.isError, toast]);

  const points = store.data?.user_points ?? 0;
  const confirm = () => {
    if (!confirming || redeem.isPending) return;
    redeem.mutate(confirming.id, {
      onSuccess: (result) => {
        toast.success(result.message || 'Item redeemed successfully!');
        setConfirming(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'Failed to redeem item'));
        setConfirming(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Store"
        subtitle="Spend the points you earn on stream on rewards."
        actions={
          <div className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 px-4 py-2.5" data-testid="available-points">
            <Coins className="size-5 text-gold" aria-hidden />
            <div>
              <p className="text-xs text-muted">Available Points</p>
              <p className="text-lg font-bold text-gold tabular-nums">{store.data ? formatPoints(points) : '…'}</p>
            </div>
          </div>
        }
      />
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <SearchInput label="Search items" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search items..." maxLength={SEARCH_MAX_LENGTH} />
        <label>
          <span className="sr-only">Sort</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as (typeof STORE_SORTS)[number])} className={`${inputClasses} sm:w-52`}>
            {STORE_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Price range</span>
          <select value={range} onChange={(e) => setRange(e.target.value as (typeof RANGE_VALUES)[number])} className={`${inputClasses} sm:w-48`}>
            <option value="all">All Prices</option>
            {STORE_PRICE_RANGES.map((value) => (
              <option key={value} value={value}>
                {RANGE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {store.isError && !store.data ? (
        <Card>
          <EmptyState icon={ShoppingBag} title="Error Loading Store" action={<Button onClick={() => void store.refetch()}>Try Again</Button>}>
            Failed to load store data
          </EmptyState>
        </Card>
      ) : !store.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Loading store">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((n) => (
            <Skeleton key={n} className="h-80" />
          ))}
        </div>
      ) : (
        <>
          {store.data.store_items.length === 0 ? (
            <Card>
              <EmptyState icon={PackageSearch} title="No items found">
                Try adjusting your search or filters
              </EmptyState>
            </Card>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {store.data.store_items.map((item) => (
                <StoreItemCard key={item.id} item={item} points={points} redeeming={redeem.isPending && redeem.variables === item.id} onRedeem={() => setConfirming(item)} />
              ))}
            </div>
          )}
          <div className="mt-8 grid items-start gap-4 lg:grid-cols-2">
            <MyRedemptions redemptions={store.data.recent_redemptions} />
            <RecentPurchases purchases={store.data.community_purchases} />
          </div>
        </>
      )}
      <ConfirmPurchase item={confirming} points={points} busy={redeem.isPending} onConfirm={confirm} onClose={() => setConfirming(null)} />
    </>
  );
}
