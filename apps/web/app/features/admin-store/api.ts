import type { OutboxMail } from '@shop/contracts/admin-outbox';
import type {
  AdminDiscount,
  AdminDiscountList,
  AdminSettings,
  AuditLogList,
  StaffMember,
  SubscriberList,
  TicketDetail,
  TicketSummary,
} from '@shop/contracts/admin-store';
import type { ContentPage } from '@shop/contracts/content';
import type { ErrorReport } from '@shop/contracts/error-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin/lib/client.ts';

/** Query keys of admin Marketing, Settings, Support and the Audit log (issue 5). */
export const storeKeys = {
  all: ['admin-store'] as const,
  auditLog: (params: Record<string, string | number>) => ['admin-store', 'audit-log', params] as const,
  discounts: (params: Record<string, string | number>) => ['admin-store', 'discounts', params] as const,
  subscribers: (params: Record<string, string | number>) => ['admin-store', 'subscribers', params] as const,
  settings: ['admin-store', 'settings'] as const,
  contentPages: ['admin-store', 'content-pages'] as const,
  staff: ['admin-store', 'staff'] as const,
  tickets: (params: Record<string, string | number>) => ['admin-store', 'tickets', params] as const,
  ticket: (id: string) => ['admin-store', 'ticket', id] as const,
  errorReports: (page: number) => ['admin-store', 'error-reports', page] as const,
  outbox: (to: string) => ['admin-store', 'outbox', to] as const,
};

type Params = Record<string, string | number>;
type Paged<T> = { items: T[]; total: number; page: number; limit: number };

export const useAuditLog = (params: Params) =>
  useQuery({
    queryKey: storeKeys.auditLog(params),
    queryFn: ({ signal }) => adminApi.get<AuditLogList>('audit-log', params, signal),
    placeholderData: keepPreviousData,
  });

export const useDiscounts = (params: Params) =>
  useQuery({
    queryKey: storeKeys.discounts(params),
    queryFn: ({ signal }) => adminApi.get<AdminDiscountList>('discounts', params, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (params: Params) =>
  useQuery({
    queryKey: storeKeys.subscribers(params),
    queryFn: ({ signal }) => adminApi.get<SubscriberList>('newsletter-subscribers', params, signal),
    placeholderData: keepPreviousData,
  });

export const useSettings = (enabled = true) =>
  useQuery({
    queryKey: storeKeys.settings,
    queryFn: ({ signal }) => adminApi.get<AdminSettings>('settings', undefined, signal),
    enabled,
  });

export const useContentPages = (enabled = true) =>
  useQuery({
    queryKey: storeKeys.contentPages,
    queryFn: ({ signal }) => adminApi.get<{ items: ContentPage[] }>('content-pages', undefined, signal),
    enabled,
  });

export const useStaff = (enabled = true) =>
  useQuery({
    queryKey: storeKeys.staff,
    queryFn: ({ signal }) => adminApi.get<{ items: StaffMember[] }>('staff', undefined, signal),
    enabled,
  });

export const useTickets = (params: Params) =>
  useQuery({
    queryKey: storeKeys.tickets(params),
    queryFn: ({ signal }) => adminApi.get<Paged<TicketSummary>>('support/tickets', params, signal),
    placeholderData: keepPreviousData,
  });

export const useTicket = (id: string | undefined) =>
  useQuery({
    queryKey: storeKeys.ticket(id ?? ''),
    queryFn: ({ signal }) => adminApi.get<TicketDetail>(`support/tickets/${id}`, undefined, signal),
    enabled: Boolean(id),
  });

export const useErrorReports = (page: number) =>
  useQuery({
    queryKey: storeKeys.errorReports(page),
    queryFn: ({ signal }) => adminApi.get<Paged<ErrorReport>>('support/error-reports', { page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (to: string) =>
  useQuery({
    queryKey: storeKeys.outbox(to),
    queryFn: ({ signal }) => adminApi.get<{ items: OutboxMail[] }>('outbox', { to, limit: 50 }, signal),
  });

/**
 * A change through the API; on success everything of this area is read again. The refetch is not
 * awaited: the caller's own callbacks (toast, closing a dialog) run first, even when the fresh data
 * then re-renders the form that made the change.
 */
export function useStoreMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    },
  });
}

export type { AdminDiscount };
