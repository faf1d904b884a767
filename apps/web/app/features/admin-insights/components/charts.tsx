import { formatAmount } from '@shop/contracts/money';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const axisMoney = (v: number) => (v >= 1000 ? `$${Math.round(v / 1000)}k` : `$${v}`);

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
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }} data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="period" tick={{ fontSize: 12, fill: '#475569' }} minTickGap={24} />
          <YAxis tickFormatter={axisMoney} tick={{ fontSize: 12, fill: '#475569' }} width={56} />
          <Tooltip formatter={(v) => formatAmount(Number(v))} />
          <Line type="monotone" dataKey="revenue" name="Revenue" stroke="#0f172a" strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Sales by category as bars; same accessible pattern as the revenue chart. */
export function CategoryChart({ data, label }: { data: { category: string; sales: number }[]; label: string }) {
  return (
    <div role="img" aria-label={label} className="h-72 w-full" data-testid="category-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="category" tick={{ fontSize: 12, fill: '#475569' }} interval={0} />
          <YAxis tickFormatter={axisMoney} tick={{ fontSize: 12, fill: '#475569' }} width={56} />
          <Tooltip formatter={(v) => formatAmount(Number(v))} />
          <Bar dataKey="sales" name="Sales" fill="#334155" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A one-sentence summary of a series for the chart's aria-label. */
export function describeSeries(what: string, data: { period: string; revenue: number }[]): string {
  if (data.length === 0) return `${what}: no data`;
  const total = data.reduce((s, p) => s + p.revenue, 0);
  const best = data.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  return `${what} from ${data[0]?.period} to ${data.at(-1)?.period}: ${formatAmount(total)} in total, highest ${formatAmount(best.revenue)} on ${best.period}. The table lists every value.`;
}
