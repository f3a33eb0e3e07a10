import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

/** Edit and Delete for one row of an admin list; `name` makes the buttons say what they act on. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden /> Edit
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
