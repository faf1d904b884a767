import { subscriberList } from '@shop/contracts/admin-newsletter';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

export interface SubscriberListParams {
  q: string;
  status: string;
  page: number;
  limit: number;
}

/** The first page the Marketing page shows: no search, every status. */
export const FIRST_SUBSCRIBERS: SubscriberListParams = { q: '', status: '', page: 1, limit: 20 };

/** GET /api/admin/newsletter-subscribers: one page, searched by e-mail, filtered by status. */
export const subscribersQuery = (params: SubscriberListParams) =>
  queryOptions({
    queryKey: backOfficeKey('subscribers', params),
    queryFn: ({ signal }) => adminApi.get(subscriberList, 'newsletter-subscribers', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (params: SubscriberListParams) => useQuery(subscribersQuery(params));
