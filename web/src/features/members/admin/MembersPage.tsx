import { displayName } from '@common/display-name';
import { formatDate, formatPoints, timeAgo } from '@common/format';
import { ROLE_LABELS, ROLES } from '@common/roles';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { inputClasses } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Pager } from '@web/components/ui/pager';
import { SearchInput } from '@web/components/ui/search-input';
import { RoleBadge } from '@web/components/ui/role-badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/page-title';
import { useDebounced } from '@web/lib/use-debounced';
import { useAdminMembers, type MemberFilters } from '../api/admin-members';
import { MemberDetail } from './MemberDetail';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

const ROLE_FILTERS: { value: MemberFilters['role']; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'staff', label: 'Staff' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

export default function MembersPage() {
  usePageTitle('Members · Admin');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<MemberFilters['role']>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const debouncedSearch = useDebounced(search.trim(), 300);
  const { data, isPending, isError, refetch, isFetching } = useAdminMembers({ search: debouncedSearch, role, page });

  return (
    <>
      <PageHeader title="Members" subtitle={data ? `${formatPoints(data.meta.total)} members match` : 'Everyone who has signed in.'} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          label="Search members"
          className="flex-1"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          maxLength={100}
          placeholder="Search by name, Kick name or Discord id..."
        />
        <label>
          <span className="sr-only">Filter by role</span>
          <select
            value={role}
            onChange={(event) => {
              setRole(event.target.value as MemberFilters['role']);
              setPage(1);
            }}
            className={`${inputClasses} sm:w-44`}
          >
            {ROLE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <Card className="overflow-hidden">
        {isError ? (
          <LoadError message="Could not load members." onRetry={() => void refetch()} />
        ) : isPending ? (
          <div className="space-y-3 p-4">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : data.data.length === 0 ? (
          <EmptyState icon={Users} title="No members found">
            Try another name or role.
          </EmptyState>
        ) : (
          <table className={ADMIN_TABLE} aria-busy={isFetching}>
            <AdminTableHead columns={['Member', 'Role', { label: 'Points', align: 'right' }, 'Joined', 'Last seen']} />
            <tbody>
              {data.data.map((member) => (
                <tr key={member.id} className={`flex flex-wrap items-center gap-x-4 gap-y-1 hover:bg-surface-2/60 ${ADMIN_ROW}`}>
                  <td className="w-full md:w-auto md:px-4 md:py-3">
                    <button type="button" onClick={() => setSelected(member.id)} className="flex items-center gap-3 text-left" aria-label={`Open ${member.username}`}>
                      <Avatar src={member.avatar_url} name={member.username} size="sm" />
                      <span className="min-w-0">
                        <span className="block truncate font-semibold text-ink">{displayName(member)}</span>
                        <span className="block truncate text-xs text-muted">
                          @{member.username}
                          {member.kick_username && ` · kick/${member.kick_username}`}
                        </span>
                      </span>
                    </button>
                  </td>
                  <td className="md:px-4 md:py-3">
                    <RoleBadge role={member.role} showUser />
                  </td>
                  <td className="font-semibold text-ink tabular-nums md:px-4 md:py-3 md:text-right">{formatPoints(member.points)} pts</td>
                  <td className="text-xs text-muted md:px-4 md:py-3 md:text-sm">{formatDate(member.created_at)}</td>
                  <td className="text-xs text-muted md:px-4 md:py-3 md:text-sm">{member.last_seen_at ? timeAgo(member.last_seen_at) : 'Never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      {data && <Pager page={page} total={data.meta.total} perPage={data.meta.per_page} onPage={setPage} />}

      <MemberDetail memberId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
