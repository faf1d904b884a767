import type { Address } from '@shop/contracts/orders';

/** A postal address as it goes on a parcel. */
export function AddressBlock({ address, testId }: { address: Address; testId?: string }) {
  const cityLine = [address.city, address.region, address.postal_code].filter(Boolean).join(', ');
  return (
    <address className="text-slate-800 text-sm not-italic leading-6" data-testid={testId}>
      <span className="block font-medium">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">{cityLine}</span>
      <span className="block">{address.country}</span>
      {address.phone ? <span className="block">{address.phone}</span> : null}
    </address>
  );
}
