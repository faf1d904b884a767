import {
  categoriesReport,
  categoriesReportQuery,
  customerDetail,
  customerDetailQuery,
  customerList,
  customerRow,
  customersQuery,
  dashboard,
  insightsRangeQuery,
  optionsText,
  salesReport,
  salesReportQuery,
  skuReport,
  skuReportQuery,
  taxReport,
  topProductsQuery,
  topProductsReport,
} from '@shop/contracts/admin-insights';
import { uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { badRequest, type HttpTable, notFound, orThrow, unprocessable } from '../../errors.ts';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { InsightsFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export const CUSTOMER_MSG = {
  notFound: 'Customer not found',
  notCustomer: 'This is a staff account, not a customer',
} as const;

/** Reports' and customers' expected failures, as HTTP answers. */
const http: HttpTable<InsightsFailure> = {
  range_too_long: ({ maxDays }) => badRequest(`The range may cover at most ${maxDays} days`),
  customer_not_found: () => notFound(CUSTOMER_MSG.notFound),
  not_a_customer: () => unprocessable(CUSTOMER_MSG.notCustomer),
};
const doc = { ...adminDoc, tags: ['admin'] };
/** A report's JSON, or its rows as CSV text with `?format=csv`. */
const orCsv = <T extends z.ZodType>(json: T) => z.union([json, z.string().describe('CSV, with ?format=csv')]);
const fileName = (kind: string, r: { from: string; to: string }) => `${kind}-${r.from}-to-${r.to}.csv`;

/**
 * Admin dashboard, reports and customers. Revenue follows docs/adr/006-revenue.md; every
 * report answers `?format=csv` with the same rows as its JSON.
 */
export const adminInsightsRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const insights = services.adminInsights;

  app.get(
    '/dashboard',
    {
      schema: {
        ...doc,
        summary: 'Revenue, orders, average order value and new customers against the previous range',
        querystring: insightsRangeQuery,
        response: { 200: dashboard, ...errors },
      },
    },
    async (request) => orThrow(await insights.dashboard(request.query), http),
  );

  app.get(
    '/reports/sales',
    {
      schema: {
        ...doc,
        summary: 'Sales by day, ISO week or month (every period present)',
        querystring: salesReportQuery,
        response: { 200: orCsv(salesReport), ...errors },
      },
    },
    async (request, reply) => {
      const report = orThrow(await insights.sales(request.query), http);
      if (request.query.format !== 'csv') return report;
      return reply.headers(csvHeaders(fileName(`sales-by-${report.group}`, report.range))).send(
        toCsv(
          ['period', 'orders', 'gross', 'refunds', 'revenue'],
          report.periods.map((p) => [p.period, p.orders, p.gross, p.refunds, p.revenue]),
        ),
      );
    },
  );

  app.get(
    '/reports/tax',
    {
      schema: {
        ...doc,
        summary: 'Tax collected by day, ISO week or month, per shipping zone and rate (CSV for filing)',
        querystring: salesReportQuery,
        response: { 200: orCsv(taxReport), ...errors },
      },
    },
    async (request, reply) => {
      const report = orThrow(await insights.tax(request.query), http);
      if (request.query.format !== 'csv') return report;
      return reply.headers(csvHeaders(fileName(`tax-by-${report.group}`, report.range))).send(
        toCsv(
          ['period', 'zone', 'tax', 'rate_percent', 'orders', 'taxable', 'tax_amount'],
          report.rows.map((r) => [r.period, r.zone, r.name, r.rate, r.orders, r.taxable, r.tax]),
        ),
      );
    },
  );

  app.get(
    '/reports/categories',
    {
      schema: {
        ...doc,
        summary: 'Merchandise sales by category',
        querystring: categoriesReportQuery,
        response: { 200: orCsv(categoriesReport), ...errors },
      },
    },
    async (request, reply) => {
      const report = orThrow(await insights.categories(request.query), http);
      if (request.query.format !== 'csv') return report;
      return reply.headers(csvHeaders(fileName('sales-by-category', report.range))).send(
        toCsv(
          ['category_id', 'category', 'orders', 'units', 'sales'],
          report.items.map((c) => [c.category_id, c.category, c.orders, c.units, c.sales]),
        ),
      );
    },
  );

  app.get(
    '/reports/top-products',
    {
      schema: {
        ...doc,
        summary: 'The best-selling products by sales',
        querystring: topProductsQuery,
        response: { 200: orCsv(topProductsReport), ...errors },
      },
    },
    async (request, reply) => {
      const report = orThrow(await insights.topProducts(request.query), http);
      if (request.query.format !== 'csv') return report;
      return reply.headers(csvHeaders(fileName('top-products', report.range))).send(
        toCsv(
          ['product_id', 'name', 'category', 'orders', 'units', 'sales'],
          report.items.map((p) => [p.product_id, p.name, p.category, p.orders, p.units, p.sales]),
        ),
      );
    },
  );

  app.get(
    '/reports/skus',
    {
      schema: {
        ...doc,
        summary: 'Merchandise sales by variant SKU, with each variant’s stock now',
        querystring: skuReportQuery,
        response: { 200: orCsv(skuReport), ...errors },
      },
    },
    async (request, reply) => {
      const report = orThrow(await insights.skus(request.query), http);
      if (request.query.format !== 'csv') return report;
      return reply.headers(csvHeaders(fileName('sales-by-sku', report.range))).send(
        toCsv(
          ['sku', 'product_id', 'product', 'options', 'orders', 'units', 'sales', 'stock'],
          report.items.map((v) => [
            v.sku ?? '',
            v.product_id ?? '',
            v.product,
            optionsText(v.options),
            v.orders,
            v.units,
            v.sales,
            v.stock ?? '',
          ]),
        ),
      );
    },
  );

  app.get(
    '/customers',
    {
      schema: {
        ...doc,
        summary: 'Customer accounts with their orders and lifetime value',
        querystring: customersQuery,
        response: { 200: customerList, ...errors },
      },
    },
    (request) => insights.customers(request.query),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        ...doc,
        summary: 'A customer: profile, addresses, orders and lifetime value',
        params: uuidParam,
        querystring: customerDetailQuery,
        response: { 200: customerDetail, 404: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request) => orThrow(await insights.customer(request.params.id, request.query), http),
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/customers/:id/${action}`,
      {
        schema: {
          ...doc,
          summary:
            action === 'disable'
              ? 'Disables a customer account and ends its sessions at once'
              : 'Enables a disabled customer account again',
          params: uuidParam,
          response: { 200: customerRow, 404: errorBody, 422: errorBody, ...errors },
        },
      },
      async (request) => orThrow(await insights[action](actorOf(request), request.params.id), http),
    );
  }
};
