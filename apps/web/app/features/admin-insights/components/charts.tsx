import type { CurrencyUnit } from '@shop/contracts/currency';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { currencySymbol, formatBase, useBaseCurrency } from '../../admin/index.ts';

/** An axis tick in the base currency: `$950`, `$12k`, `¥340k`. */
const axisMoney = (base: CurrencyUnit) => (v: number) => {
  const symbol = currencySymbol(base);
  return v >= 1000 ? `${symbol}${Math.round(v / 1000)}k` : `${symbol}${v}`;
};

/** Revenue over periods. The wrapper is an image with a summary; the table beside it has the data. */
export function RevenueChart({
  data,
  label,
  height = 280,
}: {
  data: { period: string; revenue: number; orders: number }[];
  label: string;
  height?: number;
}) {
  const base = useBaseCurrency();
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }} data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="period" tick={{ fontSize: 12, fill: '#475569' }} minTickGap={24} />
          <YAxis tickFormatter={axisMoney(base)} tick={{ fontSize: 12, fill: '#475569' }} width={56} />
          <Tooltip formatter={(v) => formatBase(Number(v), base)} />
          <Line type="monotone" dataKey="revenue" name="Revenue" stroke="#0f172a" strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Sales by category as bars; same accessible pattern as the revenue chart. */
export function CategoryChart({ data, label }: { data: { category: string; sales: number }[]; label: string }) {
  const base = useBaseCurrency();
  return (
    <div role="img" aria-label={label} className="h-72 w-full" data-testid="category-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="category" tick={{ fontSize: 12, fill: '#475569' }} interval={0} />
          <YAxis tickFormatter={axisMoney(base)} tick={{ fontSize: 12, fill: '#475569' }} width={56} />
          <Tooltip formatter={(v) => formatBase(Number(v), base)} />
          <Bar dataKey="sales" name="Sales" fill="#334155" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A one-sentence summary of a series for the chart's aria-label. */
export function describeSeries(what: string, data: { period: string; revenue: number }[], base: CurrencyUnit): string {
  if (data.length === 0) return `${what}: no data`;
  const total = data.reduce((s, p) => s + p.revenue, 0);
  const best = data.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  return `${what} from ${data[0]?.period} to ${data.at(-1)?.period}: ${formatBase(total, base)} in total, highest ${formatBase(best.revenue, base)} on ${best.period}. The table lists every value.`;
}
