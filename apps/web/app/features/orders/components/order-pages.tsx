import { InvoiceHeading, InvoiceView } from './invoice-view.tsx';
import { OrderDetail, OrderHeading } from './order-detail.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrdersQueryProvider } from './orders-query-provider.tsx';
import { SignedInOnly } from './signed-in-only.tsx';

// The bodies of the three order pages (issue 4), one module the route modules load lazily: the route
// table's manifest, part of every page's JavaScript (DESIGN §9), then lists only their few imports.

export function OrderHistoryPage() {
  return (
    <OrdersQueryProvider>
      <SignedInOnly loadingText="Loading your orders…">{(userId) => <OrderHistory userId={userId} />}</SignedInOnly>
    </OrdersQueryProvider>
  );
}

export function OrderDetailPage({ orderId }: { orderId: string }) {
  return (
    <OrdersQueryProvider>
      <SignedInOnly loadingText="Loading your order…" heading={<OrderHeading />}>
        {(userId) => <OrderDetail key={orderId} userId={userId} orderId={orderId} />}
      </SignedInOnly>
    </OrdersQueryProvider>
  );
}

export function InvoicePage({ orderId, storeName }: { orderId: string; storeName: string }) {
  return (
    <OrdersQueryProvider>
      <SignedInOnly loadingText="Loading your invoice…" heading={<InvoiceHeading />}>
        {(userId) => <InvoiceView userId={userId} orderId={orderId} storeName={storeName} />}
      </SignedInOnly>
    </OrdersQueryProvider>
  );
}
