// The pages' queries use the tab's one client, which the root provides once this module has loaded.
import '../../../lib/query-client.ts';
import { InvoiceHeading, InvoiceView } from './invoice-view.tsx';
import { OrderDetail, OrderHeading } from './order-detail.tsx';
import { OrderHistory } from './order-history.tsx';
import { SignedInOnly } from './signed-in-only.tsx';

// The bodies of the three order pages, one module the route modules load lazily: the route
// table's manifest, part of every page's JavaScript (docs/architecture.md §9), then lists only their few imports.

export function OrderHistoryPage() {
  return <SignedInOnly loadingText="Loading your orders…">{(userId) => <OrderHistory userId={userId} />}</SignedInOnly>;
}

export function OrderDetailPage({ orderId }: { orderId: string }) {
  return (
    <SignedInOnly loadingText="Loading your order…" heading={<OrderHeading />}>
      {(userId) => <OrderDetail key={orderId} userId={userId} orderId={orderId} />}
    </SignedInOnly>
  );
}

export function InvoicePage({ orderId, storeName }: { orderId: string; storeName: string }) {
  return (
    <SignedInOnly loadingText="Loading your invoice…" heading={<InvoiceHeading />}>
      {(userId) => <InvoiceView userId={userId} orderId={orderId} storeName={storeName} />}
    </SignedInOnly>
  );
}
