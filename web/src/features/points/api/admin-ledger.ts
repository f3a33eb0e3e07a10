import type { AdminLedgerEntry } from '@common/contracts/earning';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface LedgerFilters {
  member: string;
  reason: string;
  from: string;
  to: string;
  page: number;
}

export interface LedgerPage {
  data: AdminLedgerEntry[];
  meta: { page: number; per_page: number; total: number };
  reasons: { value: string; label: string }[];
}

/** The query string of these filters, leaving out empty ones (and the page unless asked for). */
export function ledgerQuery(filters: LedgerFilters, withPage = true): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ['member', 'reason', 'from', 'to'] as const) {
    const value = filters[name].trim();
    if (value) query.set(name, value);
  }
  if (withPage && filters.page > 1) query.set('page', String(filters.page));
  return query;
}

/** The CSV of every entry matching the filters (all pages); a plain GET carrying the session cookie. */
export const ledgerCsvUrl = (filters: LedgerFilters) => {
  const query = ledgerQuery(filters, false).toString();
  return `/admin-new/api/points/ledger.csv${query ? `?${query}` : ''}`;
};

export const useAdminLedger = (filters: LedgerFilters) =>
  useQuery({
    queryKey: ['admin', 'points-ledger', filters],
    queryFn: ({ signal }) => {
      const query = ledgerQuery(filters).toString();
      return api.get<LedgerPage>(`/admin-new/api/points/ledger${query ? `?${query}` : ''}`, signal);
    },
    placeholderData: keepPreviousData,
  });
