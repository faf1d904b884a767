import { zodResolver } from '@hookform/resolvers/zod';
import {
  type StaffCreateBody,
  type StaffMember,
  type StaffUpdateBody,
  staffCreateBody,
  staffUpdateBody,
} from '@shop/contracts/admin-staff';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  DataTable,
  ErrorText,
  firstErrorMessage,
  formatDateTime,
  Panel,
  QueryState,
  SelectField,
  TextField,
} from '../../admin/index.ts';
import { useAddStaff } from '../api/add-staff.ts';
import { useStaff } from '../api/get-staff.ts';
import { useUpdateStaff } from '../api/update-staff.ts';

interface AddStaffValues {
  email: string;
  role: string;
  first_name: string;
  last_name: string;
  username: string;
  password: string;
}

/** Only the filled-in fields are sent: an e-mail alone promotes an existing account. */
const filledIn = (form: AddStaffValues) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '')) as Record<string, string>;

const addStaffForm = z.custom<AddStaffValues>().transform(filledIn).pipe(staffCreateBody);

function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const form = useForm<AddStaffValues, unknown, StaffCreateBody>({
    resolver: zodResolver(addStaffForm),
    defaultValues: { email: '', role: 'staff', first_name: '', last_name: '', username: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useAddStaff();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add a staff account"
      description="An existing account with this e-mail is promoted; otherwise fill in the rest to create one."
      className="max-w-lg"
    >
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit(() =>
          save.mutate(filledIn(form.getValues()), {
            onSuccess: (m) => {
              toast.success(`${m.email} is now ${m.role}`);
              onClose();
            },
          }),
        )}
      >
        <TextField
          id="staff-email"
          label="E-mail"
          type="email"
          required
          className="sm:col-span-2"
          {...form.register('email')}
        />
        <SelectField
          id="staff-role"
          label="Role"
          options={[
            { value: 'staff', label: 'Staff' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...form.register('role')}
        />
        <TextField id="staff-username" label="Username" autoComplete="off" {...form.register('username')} />
        <TextField id="staff-first" label="First name" {...form.register('first_name')} />
        <TextField id="staff-last" label="Last name" {...form.register('last_name')} />
        <TextField
          id="staff-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          className="sm:col-span-2"
          hint="At least 8 characters with a lower-case letter, a capital and a digit. Not needed to promote."
          {...form.register('password')}
        />
        <div className="sm:col-span-2">
          <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
        </div>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Add account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EditStaffDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const form = useForm<StaffUpdateBody>({
    resolver: zodResolver(staffUpdateBody),
    defaultValues: { role: member.role, disabled: member.disabled },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useUpdateStaff(member.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${member.email}`}>
      <form
        className="space-y-3"
        onSubmit={form.handleSubmit(() =>
          save.mutate(form.getValues(), {
            onSuccess: () => {
              toast.success('Account saved');
              onClose();
            },
          }),
        )}
      >
        <SelectField
          id="edit-staff-role"
          label="Role"
          options={[
            { value: 'staff', label: 'Staff' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...form.register('role')}
        />
        <div className="flex items-center gap-2">
          <Checkbox id="edit-staff-disabled" {...form.register('disabled')} />
          <Label htmlFor="edit-staff-disabled">Disabled (cannot sign in; open sessions end)</Label>
        </div>
        <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Admin › Settings: who works here (admins only). */
export function StaffSection() {
  const query = useStaff();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const columns: ColumnDef<StaffMember, unknown>[] = [
    { header: 'E-mail', accessorKey: 'email' },
    { header: 'Name', cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}` },
    { header: 'Role', cell: ({ row }) => (row.original.role === 'admin' ? 'Admin' : 'Staff') },
    { header: 'Status', cell: ({ row }) => (row.original.disabled ? 'Disabled' : 'Active') },
    { header: 'Since', cell: ({ row }) => formatDateTime(row.original.created_at) },
    {
      header: 'Actions',
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Edit ${row.original.email}`}
          onClick={() => setEditing(row.original)}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Panel
      title="Staff accounts"
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" /> Add staff
        </Button>
      }
    >
      <QueryState query={query}>
        {(data) => <DataTable caption="Staff accounts" columns={columns} data={data.items} getRowId={(m) => m.id} />}
      </QueryState>
      {adding ? <AddStaffDialog onClose={() => setAdding(false)} /> : null}
      {editing ? <EditStaffDialog member={editing} onClose={() => setEditing(null)} /> : null}
    </Panel>
  );
}
