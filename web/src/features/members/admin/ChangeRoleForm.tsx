import type { AdminMember } from '@common/contracts/members';
import { ROLE_LABELS, ROLES, type Role } from '@common/roles';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { useChangeRole } from '../api/admin-members';

export function ChangeRoleForm({ member, disabled }: { member: AdminMember; disabled: boolean }) {
  const [role, setRole] = useState<Role>(member.role);
  const change = useChangeRole(member.id);
  const toast = useToast();
  return (
    <form
      className="space-y-3 rounded-xl border border-line bg-surface-2/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(role, {
          onSuccess: (result) => toast.success(result.message),
          onError: (error) => toast.error(errorMessage(error, 'Could not change the role.')),
        });
      }}
    >
      <SelectField label="Role" value={role} disabled={disabled} onChange={(event) => setRole(event.target.value as Role)} hint={disabled ? 'You cannot change your own role.' : undefined}>
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" size="sm" disabled={disabled || role === member.role} busy={change.isPending} busyLabel="Saving...">
        Save role
      </Button>
    </form>
  );
}
