import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-2 text-ink-2">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** What an admin list's "New …" button needs; `hint` says why it is disabled. */
export interface CreateAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  hint?: string;
}

/** An admin list's header with its "New …" button; leave `create` out for viewers who may not add. */
export function ListPageHeader({ title, subtitle, create }: { title: ReactNode; subtitle?: ReactNode; create?: CreateAction }) {
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      actions={
        create && (
          <Button onClick={create.onClick} disabled={create.disabled} title={create.hint}>
            <Plus className="size-4" aria-hidden /> {create.label}
          </Button>
        )
      }
    />
  );
}
