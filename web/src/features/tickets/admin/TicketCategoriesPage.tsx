import { countOf } from '@common/format';
import { ArrowDown, ArrowUp, Tags } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListCard } from '@web/components/ui/admin-list';
import { Button } from '@web/components/ui/button';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { ListPageHeader } from '@web/components/ui/page-header';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useAdminTicketCategories, useDeleteCategory, useOrderCategories, type AdminTicketCategory } from '../api/admin-tickets';
import { CategoryForm } from './CategoryForm';

/** The categories in members' order, each with its tickets (a link to the queue filtered by it), move up/down, rename and delete. */
function CategoryRows({ categories, onEdit, onDelete }: { categories: AdminTicketCategory[]; onEdit(category: AdminTicketCategory): void; onDelete(category: AdminTicketCategory): void }) {
  const order = useOrderCategories();
  const toast = useToast();
  const move = (index: number, by: -1 | 1) => {
    const ids = categories.map((category) => category.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    order.mutate(ids, { onError: (failure) => toast.error(errorMessage(failure, 'The order was not saved.')) });
  };

  return (
    <ol className="divide-y divide-line/60" aria-label="Ticket categories" aria-busy={order.isPending}>
      {categories.map((category, index) => (
        <li key={category.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-surface-2/60" data-testid="admin-ticket-category">
          <span className="w-6 text-right text-xs text-muted tabular-nums">{index + 1}</span>
          <span className="min-w-0 flex-1 truncate font-semibold text-ink" data-testid="admin-ticket-category-name">
            {category.name}
          </span>
          {category.tickets_count > 0 ? (
            <Link to={`/tickets?category=${category.id}`} className="text-xs whitespace-nowrap text-ink-2 tabular-nums hover:text-accent" data-testid="admin-ticket-category-count">
              {countOf(category.tickets_count, 'ticket')}
            </Link>
          ) : (
            <span className="text-xs whitespace-nowrap text-muted" data-testid="admin-ticket-category-count">
              No tickets
            </span>
          )}
          <span className="ml-auto flex items-center gap-1">
            <Button size="sm" variant="ghost" disabled={index === 0 || order.isPending} onClick={() => move(index, -1)} aria-label={`Move ${category.name} up`}>
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button size="sm" variant="ghost" disabled={index === categories.length - 1 || order.isPending} onClick={() => move(index, 1)} aria-label={`Move ${category.name} down`}>
              <ArrowDown className="size-4" aria-hidden />
            </Button>
            <EditDeleteButtons name={category.name} onEdit={() => onEdit(category)} onDelete={() => onDelete(category)} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Ticket categories (decision 022): members pick one when they open a ticket, in this order. One in use cannot be deleted. */
export default function TicketCategoriesPage() {
  usePageTitle('Ticket categories · Admin');
  const query = useAdminTicketCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<AdminTicketCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminTicketCategory | null>(null);

  return (
    <>
      <ListPageHeader
        title="Ticket categories"
        subtitle="What members choose from when they open a ticket, in this order. A category with tickets can be renamed but not deleted."
        create={{ label: 'New category', onClick: () => setEditing('new') }}
      />
      <ListCard
        query={query}
        failure="Could not load the categories."
        icon={Tags}
        empty={{ none: ['No categories yet', 'Members need at least one category to open a ticket.'], filtered: ['', ''] }}
        filtered={false}
      >
        {(categories) => <CategoryRows categories={categories} onEdit={setEditing} onDelete={setDeleting} />}
      </ListCard>
      {editing && <CategoryForm category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={deleting}
        title={(category) => `Delete ${category.name}?`}
        description={(category) =>
          category.tickets_count > 0
            ? `${countOf(category.tickets_count, 'ticket')} use it, and a category in use cannot be deleted (a ticket never loses its category). Rename it instead.`
            : 'Members can no longer choose it. This cannot be undone.'
        }
        remove={remove}
        failure="The category was not deleted."
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
