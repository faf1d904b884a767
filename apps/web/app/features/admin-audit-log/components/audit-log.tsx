import type { AuditLogEntry } from '@shop/contracts/admin-audit-log';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, Pagination, QueryState, SelectField, TextField, useListParams } from '../../admin/index.ts';
import { AUDIT_LOG_KEYS, AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/get-audit-log.ts';

const ENTITY_TYPES = [
  { value: '', label: 'All' },
  { value: 'product', label: 'Product' },
  { value: 'order', label: 'Order' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'customer', label: 'Customer' },
  { value: 'user', label: 'Staff member' },
  { value: 'discount', label: 'Discount code' },
  { value: 'settings', label: 'Settings' },
  { value: 'content_page', label: 'Content page' },
  { value: 'ticket', label: 'Support ticket' },
  { value: 'image', label: 'Picture' },
] as const;

/** Where an entity of the log is shown in the admin area, when it has a page. */
export function entityHref(type: string, id: string | null): string | undefined {
  if (!id) return undefined;
  switch (type) {
    case 'product':
      return `/admin/products/view-product/${id}`;
    case 'order':
      return `/admin/orders?order=${id}`;
    case 'discount':
      return '/admin/marketing';
    case 'settings':
    case 'content_page':
      return '/admin/settings';
    case 'ticket':
      return `/admin/support?ticket=${id}`;
    case 'customer':
      return `/admin/customers?customer=${id}`;
    case 'user':
      return '/admin/settings';
    default:
      return undefined;
  }
}

const ENTITY_NAMES: Record<string, string> = Object.fromEntries(
  ENTITY_TYPES.filter((t) => t.value).map((t) => [t.value, t.label]),
);

/**
 * What a log entry changed, as staff call it: "Order SO-1042", "Product Trail
 * Runner"; the raw id stays beside it, small, and stands alone when the record is gone.
 */
function EntityCell({ entry, href }: { entry: AuditLogEntry; href: string | undefined }) {
  const kind = ENTITY_NAMES[entry.entity_type] ?? entry.entity_type;
  if (!entry.entity_id) return <>{kind}</>;
  const name = entry.entity_label ?? entry.entity_id;
  return (
    <div className="min-w-0">
      <span className="text-slate-600">{kind}</span>{' '}
      {href ? (
        <Link to={href} className="font-medium underline underline-offset-2">
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {entry.entity_label ? (
        <div className="break-all font-mono text-slate-600 text-xs">{entry.entity_id}</div>
      ) : (
        <div className="text-slate-600 text-xs">(no longer exists)</div>
      )}
    </div>
  );
}

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value, null, 2));

/** Before and after side by side, one row per key; changed keys are highlighted. */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null ? {} : { value: v };
  const b = asObject(before);
  const a = asObject(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (keys.length === 0) return <p className="text-slate-600 text-sm">No details were recorded.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-left text-xs">
      <caption className="sr-only">Before and after</caption>
      <thead>
        <tr className="text-slate-700">
          <th scope="col" className="w-1/5 px-2 py-1">
            Field
          </th>
          <th scope="col" className="px-2 py-1">
            Before
          </th>
          <th scope="col" className="px-2 py-1">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const changed = JSON.stringify(b[key]) !== JSON.stringify(a[key]);
          return (
            <tr key={key} className={changed ? 'bg-amber-50' : undefined} data-changed={changed || undefined}>
              <th scope="row" className="px-2 py-1 align-top font-mono font-semibold">
                {key}
                {changed ? <span className="ml-1 font-sans font-normal text-amber-800">(changed)</span> : null}
              </th>
              <td className="px-2 py-1 align-top">
                <pre className="whitespace-pre-wrap break-words font-mono">{show(b[key])}</pre>
              </td>
              <td className="px-2 py-1 align-top">
                <pre className="whitespace-pre-wrap break-words font-mono">{show(a[key])}</pre>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function AuditRows({ items }: { items: AuditLogEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[720px] border-collapse text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <span className="sr-only">Details</span>
            </th>
            <th scope="col" className="px-3 py-2">
              When
            </th>
            <th scope="col" className="px-3 py-2">
              Who
            </th>
            <th scope="col" className="px-3 py-2">
              Action
            </th>
            <th scope="col" className="px-3 py-2">
              Entity
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-8 text-center text-slate-600">
                No changes match these filters.
              </td>
            </tr>
          ) : null}
          {items.map((entry) => {
            const expanded = open === entry.id;
            const href = entityHref(entry.entity_type, entry.entity_id);
            return (
              <Fragment key={entry.id}>
                <tr className="border-slate-100 border-t">
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={`audit-${entry.id}`}
                      aria-label={`${expanded ? 'Hide' : 'Show'} details of ${entry.action}`}
                      onClick={() => setOpen(expanded ? null : entry.id)}
                      className="rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900"
                    >
                      {expanded ? (
                        <ChevronDown className="size-4" aria-hidden="true" />
                      ) : (
                        <ChevronRight className="size-4" aria-hidden="true" />
                      )}
                    </button>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(entry.created_at)}</td>
                  <td className="px-3 py-2">{entry.actor_email}</td>
                  <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                  <td className="px-3 py-2">
                    <EntityCell entry={entry} href={href} />
                  </td>
                </tr>
                {expanded ? (
                  <tr id={`audit-${entry.id}`} className="bg-slate-50">
                    <td colSpan={5} className="px-3 py-3">
                      <ChangeDiff before={entry.before} after={entry.after} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Admin › Audit log: every staff change, filterable (in the URL); a row opens before/after. */
export function AuditLog() {
  const { values, page, set } = useListParams(AUDIT_LOG_KEYS);
  const query = useAuditLog({ ...values, page, limit: AUDIT_LOG_PAGE_SIZE });
  return (
    <>
      <form
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter the audit log"
      >
        <TextField
          id="audit-action"
          label="Action"
          placeholder="e.g. discount or order.ship"
          value={values.action}
          onChange={(e) => set({ action: e.target.value })}
        />
        <SelectField
          id="audit-entity"
          label="Entity type"
          options={ENTITY_TYPES}
          value={values.entity_type}
          onChange={(e) => set({ entity_type: e.target.value })}
        />
        <TextField
          id="audit-actor"
          label="Actor e-mail"
          type="search"
          value={values.actor}
          onChange={(e) => set({ actor: e.target.value })}
        />
        <TextField
          id="audit-from"
          label="From"
          type="date"
          value={values.from}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          id="audit-to"
          label="To"
          type="date"
          value={values.to}
          onChange={(e) => set({ to: e.target.value })}
        />
      </form>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            <AuditRows items={data.items} />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </>
  );
}
