import { timeZoneNames } from '@shop/contracts/admin-common';
import {
  type AdminSettings,
  GUEST_HOLD_HOURS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  type StaffMember,
} from '@shop/contracts/admin-store';
import type { ContentPage } from '@shop/contracts/content';
import { PLACEHOLDERS } from '@shop/contracts/placeholders';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';
import { AdminPage, Panel } from '../admin/components/admin-page.tsx';
import { DataTable } from '../admin/components/data-table.tsx';
import { QueryState } from '../admin/components/query-state.tsx';
import { isAdmin } from '../admin/lib/access.ts';
import { adminApi } from '../admin/lib/client.ts';
import { formatDateTime } from '../admin/lib/format.ts';
import { timeZoneQuery } from '../admin/lib/time-zone.ts';
import { useSession } from '../auth/index.ts';
import { useContentPages, useSettings, useStaff, useStoreMutation } from './api.ts';
import { ErrorText, SelectField, TextAreaField, TextField } from './components/fields.tsx';

/** Saves the whole settings object with one section's fields changed (PUT replaces everything). */
function useSaveSettings() {
  return useStoreMutation((next: AdminSettings) => adminApi.put<AdminSettings>('settings', next));
}

/** A settings section: its own form, a Save button and the API's message on failure. */
function SectionForm({
  title,
  onSubmit,
  error,
  pending,
  children,
}: {
  title: string;
  onSubmit: () => void;
  error: unknown;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <form
        aria-label={title}
        className="space-y-3"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <ErrorText error={error} />
        <Button type="submit" disabled={pending}>
          Save {title.toLowerCase()}
        </Button>
      </form>
    </Panel>
  );
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

function ProfileSection({ settings }: { settings: AdminSettings }) {
  const [form, setForm] = useState({
    store_name: settings.store_name,
    contact_email: settings.contact_email,
    contact_phone: settings.contact_phone,
    address: settings.address,
    ...settings.social_links,
  });
  const save = useSaveSettings();
  const bind = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <SectionForm
      title="Store profile"
      error={save.error}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          {
            ...settings,
            store_name: form.store_name,
            contact_email: form.contact_email,
            contact_phone: form.contact_phone,
            address: form.address,
            social_links: {
              facebook: form.facebook,
              twitter: form.twitter,
              instagram: form.instagram,
              youtube: form.youtube,
            },
          },
          { onSuccess: () => toast.success('Store profile saved') },
        )
      }
    >
      <p className="text-slate-600 text-sm">The storefront's footer shows these.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="store-name" label="Store name" required {...bind('store_name')} />
        <TextField id="store-email" label="Contact e-mail" type="email" {...bind('contact_email')} />
        <TextField id="store-phone" label="Phone" type="tel" {...bind('contact_phone')} />
        <TextAreaField id="store-address" label="Address" rows={2} {...bind('address')} />
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            id={`social-${network}`}
            label={`${SOCIAL_LABELS[network]} link`}
            type="url"
            placeholder="https://"
            {...bind(network)}
          />
        ))}
      </div>
    </SectionForm>
  );
}

function ShippingSection({ settings }: { settings: AdminSettings }) {
  const text = (v: number | null) => (v === null ? '' : String(v));
  const [form, setForm] = useState({
    standard_price: text(settings.shipping.standard.price),
    standard_free: text(settings.shipping.standard.free_over),
    express_price: text(settings.shipping.express.price),
    express_free: text(settings.shipping.express.free_over),
    standard_delivery: settings.shipping.standard.delivery ?? '',
    express_delivery: settings.shipping.express.delivery ?? '',
    tax: String(settings.tax_rate_percent),
  });
  const save = useSaveSettings();
  const bind = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const freeOver = (v: string) => (v.trim() === '' ? null : num(v));
  return (
    <SectionForm
      title="Shipping & tax"
      error={save.error}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          {
            ...settings,
            shipping: {
              standard: {
                price: num(form.standard_price),
                free_over: freeOver(form.standard_free),
                delivery: form.standard_delivery,
              },
              express: {
                price: num(form.express_price),
                free_over: freeOver(form.express_free),
                delivery: form.express_delivery,
              },
            },
            tax_rate_percent: num(form.tax),
          },
          { onSuccess: () => toast.success('Shipping and tax saved') },
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="ship-standard"
          label="Standard shipping ($)"
          type="number"
          step={0.01}
          min={0}
          {...bind('standard_price')}
        />
        <TextField
          id="ship-standard-free"
          label="Standard free over ($)"
          type="number"
          step={0.01}
          min={0}
          hint="Empty: never free"
          {...bind('standard_free')}
        />
        <TextField
          id="ship-express"
          label="Express shipping ($)"
          type="number"
          step={0.01}
          min={0}
          {...bind('express_price')}
        />
        <TextField
          id="ship-express-free"
          label="Express free over ($)"
          type="number"
          step={0.01}
          min={0}
          hint="Empty: never free"
          {...bind('express_free')}
        />
        <TextField
          id="ship-standard-delivery"
          label="Standard delivery time"
          hint="Shown at checkout and on the shipping pages, e.g. 5–7 business days"
          {...bind('standard_delivery')}
        />
        <TextField
          id="ship-express-delivery"
          label="Express delivery time"
          hint="e.g. 1–2 business days"
          {...bind('express_delivery')}
        />
        <TextField id="tax-rate" label="Tax rate (%)" type="number" step={0.01} min={0} max={50} {...bind('tax')} />
      </div>
    </SectionForm>
  );
}

/**
 * The store's time zone (issue 11 point 13): every admin time is shown in it, and the dashboard and
 * reports count their days in it. The names are the browser's own IANA list; the API checks the same.
 */
function TimeZoneSection({ settings }: { settings: AdminSettings }) {
  const [zone, setZone] = useState(settings.time_zone);
  const save = useSaveSettings();
  const client = useQueryClient();
  const names = timeZoneNames();
  const options = (names.includes(zone) ? names : [zone, ...names]).map((name) => ({
    value: name,
    label: name.replaceAll('_', ' '),
  }));
  return (
    <SectionForm
      title="Time zone"
      error={save.error}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          { ...settings, time_zone: zone },
          {
            onSuccess: (saved) => {
              // The admin frame renders every page anew in the new zone.
              client.setQueryData(timeZoneQuery.queryKey, { time_zone: saved.time_zone });
              toast.success(`Times are now shown in ${saved.time_zone}`);
            },
          },
        )
      }
    >
      <SelectField
        id="time-zone"
        label="Store time zone"
        options={options}
        value={zone}
        onChange={(e) => setZone(e.target.value)}
        className="max-w-sm"
      />
      <p className="text-slate-600 text-xs">
        Orders, tickets, the audit log, the dashboard and reports show times, and count days, in this zone.
      </p>
    </SectionForm>
  );
}

function PayLaterSection({ settings }: { settings: AdminSettings }) {
  const [days, setDays] = useState(String(settings.pay_later_days));
  const [holdHours, setHoldHours] = useState(String(settings.guest_hold_hours));
  const [threshold, setThreshold] = useState(String(settings.low_stock_threshold));
  const save = useSaveSettings();
  return (
    <SectionForm
      title="Pay later"
      error={save.error}
      pending={save.isPending}
      onSubmit={() =>
        save.mutate(
          {
            ...settings,
            pay_later_days: num(days),
            guest_hold_hours: num(holdHours),
            low_stock_threshold: num(threshold),
          },
          { onSuccess: () => toast.success('Pay-later terms saved') },
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="pay-later-days"
          label="Invoices due after (days)"
          type="number"
          min={1}
          max={120}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextField
          id="guest-hold-hours"
          label="Unpaid guest orders cancelled after (hours)"
          type="number"
          min={GUEST_HOLD_HOURS.min}
          max={GUEST_HOLD_HOURS.max}
          value={holdHours}
          onChange={(e) => setHoldHours(e.target.value)}
          hint="A guest's pay-later order holds its items this long; its invoice falls due then at the latest."
        />
        <TextField
          id="low-stock"
          label="Low-stock threshold (units)"
          type="number"
          min={0}
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          hint="The dashboard lists products at or below this."
        />
      </div>
    </SectionForm>
  );
}

function MaintenanceSection({ settings }: { settings: AdminSettings }) {
  const on = settings.maintenance_mode;
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSettings();
  const apply = () =>
    save.mutate(
      { ...settings, maintenance_mode: !on },
      {
        onSuccess: (s) => {
          setConfirming(false);
          toast.success(s.maintenance_mode ? 'Maintenance mode is on' : 'Maintenance mode is off');
        },
      },
    );
  return (
    <Panel title="Maintenance">
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="maintenance-label"
          onClick={() => setConfirming(true)}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
            on ? 'bg-red-700' : 'bg-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white transition-transform',
              on ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
        <div>
          <p id="maintenance-label" className="font-medium text-slate-900">
            Maintenance mode
          </p>
          <p className="text-slate-600 text-sm">
            {on
              ? 'On: the storefront answers with the Under Maintenance page; the admin area keeps working.'
              : 'Off: the storefront is open.'}
          </p>
        </div>
      </div>
      <ErrorText error={save.error} />
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title={on ? 'Open the storefront again?' : 'Turn on maintenance mode?'}
          description={
            on
              ? 'Shoppers can browse and order again at once.'
              : 'Every storefront page will answer with the Under Maintenance page and shoppers cannot order until you turn it off.'
          }
        >
          <ErrorText error={save.error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant={on ? 'default' : 'destructive'} disabled={save.isPending} onClick={apply}>
              {on ? 'Turn maintenance off' : 'Turn maintenance on'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Panel>
  );
}

/**
 * Issue 11 point 5: the figures a page may quote from Settings. Written into the text as `{{name}}`, they
 * are replaced when the page is shown, so the page follows every change of rates or tax.
 */
function PlaceholderList() {
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Placeholders for figures from Settings</summary>
      <p className="mt-2 text-slate-600">
        Write a placeholder where the page quotes a figure checkout uses; the storefront shows the current value.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {Object.entries(PLACEHOLDERS).map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt>
              <code className="break-all">{`{{${name}}}`}</code>
            </dt>
            <dd className="mb-1 text-slate-600 sm:mb-0">{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function PageEditor({ page }: { page: ContentPage }) {
  const [form, setForm] = useState({ title: page.title, description: page.description, body: page.body });
  useEffect(() => setForm({ title: page.title, description: page.description, body: page.body }), [page]);
  const save = useStoreMutation((body: typeof form) => adminApi.put<ContentPage>(`content-pages/${page.slug}`, body));
  return (
    <form
      aria-label={`Edit the ${page.title} page`}
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(form, { onSuccess: (p) => toast.success(`Saved ${p.title}`) });
      }}
    >
      <TextField
        id="page-title"
        label="Title"
        value={form.title}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
      />
      <TextField
        id="page-description"
        label="Description"
        value={form.description}
        onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
      />
      <TextAreaField
        id="page-body"
        label="Body (plain text: blank lines separate blocks, ## starts a heading, - starts a list item)"
        rows={12}
        value={form.body}
        onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
      />
      <PlaceholderList />
      <p className="text-slate-600 text-sm">
        {page.updated_at
          ? `Last edited ${formatDateTime(page.updated_at)}; the storefront shows this as "Last updated".`
          : 'Not edited since the shop was installed; the storefront shows no "Last updated" date until you save.'}
      </p>
      <ErrorText error={save.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save page
        </Button>
        <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="text-sm underline">
          View /{page.slug}
        </a>
      </div>
    </form>
  );
}

function PagesSection() {
  const query = useContentPages();
  const [slug, setSlug] = useState('about');
  return (
    <Panel title="Footer pages">
      <QueryState query={query}>
        {(data) => {
          const page = data.items.find((p) => p.slug === slug) ?? data.items[0];
          return (
            <div className="space-y-3">
              <SelectField
                id="page-select"
                label="Page"
                className="max-w-xs"
                options={data.items.map((p) => ({ value: p.slug, label: `${p.title} (/${p.slug})` }))}
                value={page?.slug ?? ''}
                onChange={(e) => setSlug(e.target.value)}
              />
              {page ? <PageEditor key={page.slug} page={page} /> : null}
            </div>
          );
        }}
      </QueryState>
    </Panel>
  );
}

function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({
    email: '',
    role: 'staff',
    first_name: '',
    last_name: '',
    username: '',
    password: '',
  });
  const save = useStoreMutation((body: Record<string, string>) => adminApi.post<StaffMember>('staff', body));
  const bind = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
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
        onSubmit={(e) => {
          e.preventDefault();
          const body = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== ''));
          save.mutate(body, {
            onSuccess: (m) => {
              toast.success(`${m.email} is now ${m.role}`);
              onClose();
            },
          });
        }}
      >
        <TextField id="staff-email" label="E-mail" type="email" required className="sm:col-span-2" {...bind('email')} />
        <SelectField
          id="staff-role"
          label="Role"
          options={[
            { value: 'staff', label: 'Staff' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...bind('role')}
        />
        <TextField id="staff-username" label="Username" autoComplete="off" {...bind('username')} />
        <TextField id="staff-first" label="First name" {...bind('first_name')} />
        <TextField id="staff-last" label="Last name" {...bind('last_name')} />
        <TextField
          id="staff-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          className="sm:col-span-2"
          hint="At least 8 characters with a lower-case letter, a capital and a digit. Not needed to promote."
          {...bind('password')}
        />
        <div className="sm:col-span-2">
          <ErrorText error={save.error} />
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
  const [role, setRole] = useState<string>(member.role);
  const [disabled, setDisabled] = useState(member.disabled);
  const save = useStoreMutation((body: Record<string, unknown>) =>
    adminApi.patch<StaffMember>(`staff/${member.id}`, body),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${member.email}`}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { role, disabled },
            {
              onSuccess: () => {
                toast.success('Account saved');
                onClose();
              },
            },
          );
        }}
      >
        <SelectField
          id="edit-staff-role"
          label="Role"
          options={[
            { value: 'staff', label: 'Staff' },
            { value: 'admin', label: 'Admin' },
          ]}
          value={role}
          onChange={(e) => setRole(e.target.value)}
        />
        <div className="flex items-center gap-2">
          <Checkbox id="edit-staff-disabled" checked={disabled} onChange={(e) => setDisabled(e.target.checked)} />
          <Label htmlFor="edit-staff-disabled">Disabled (cannot sign in; open sessions end)</Label>
        </div>
        <ErrorText error={save.error} />
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

function StaffSection() {
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

/** Admin › Settings (issue 5, admins only). */
export function SettingsPage() {
  const user = useSession((s) => s.user);
  const admin = isAdmin(user);
  const query = useSettings(admin);
  if (!admin) {
    return (
      <AdminPage title="Settings">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can change settings. Ask an admin if something here needs to change.
        </p>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Settings"
      description="The store profile, checkout rates, maintenance, footer pages and who works here."
    >
      <QueryState query={query}>
        {(settings) => (
          // Keyed by the saved values: after a save every section starts from what the server kept.
          <div key={JSON.stringify(settings)} className="space-y-6">
            <ProfileSection settings={settings} />
            <ShippingSection settings={settings} />
            <PayLaterSection settings={settings} />
            <TimeZoneSection settings={settings} />
            <MaintenanceSection settings={settings} />
          </div>
        )}
      </QueryState>
      <PagesSection />
      <StaffSection />
    </AdminPage>
  );
}
