import { TICKET_PRIORITIES, TICKET_STATUSES } from '@common/tickets';
import { useSearchParams } from 'react-router';
import { searchInAddress } from '@web/lib/use-search-text';
import type { TicketQueueFilters } from '../api/admin-tickets';

const STATUS_VALUES = ['all', ...TICKET_STATUSES] as const;
const PRIORITY_VALUES = ['all', ...TICKET_PRIORITIES] as const;
const DEFAULTS: TicketQueueFilters = { status: 'all', priority: 'all', category: '', unassigned: false, search: '', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T => values.find((candidate) => candidate === value) ?? values[0];
const positive = (value: string | null) => (value !== null && /^[1-9]\d{0,8}$/.test(value) ? value : '');

/**
 * The queue's filters and page, kept in the address (?status=open&priority=urgent&category=3&unassigned=1&search=…&page=2),
 * so going back from a ticket, a reload or a shared link opens the same queue. Defaults are left out; changing a filter
 * goes back to the first page.
 */
export function useQueueFilters(): [TicketQueueFilters, (change: Partial<TicketQueueFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: TicketQueueFilters = {
    status: oneOf(STATUS_VALUES, params.get('status')),
    priority: oneOf(PRIORITY_VALUES, params.get('priority')),
    category: positive(params.get('category')),
    unassigned: params.get('unassigned') === '1',
    search: searchInAddress(params, 'search'),
    page: Number(positive(params.get('page')) || 1),
  };
  const change = (next: Partial<TicketQueueFilters>) => {
    const merged: TicketQueueFilters = { ...filters, page: 1, ...next };
    const written = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value === DEFAULTS[key as keyof TicketQueueFilters]) continue;
      written.set(key, value === true ? '1' : String(value));
    }
    setParams(written, { replace: true });
  };
  return [filters, change];
}
