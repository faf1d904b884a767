import { addressLines } from '@shop/contracts/address-format';
import type { StoredAddress } from '@shop/contracts/orders';

/** A postal address as it goes on a parcel, in the order of its country. */
export function AddressBlock({ address, testId }: { address: StoredAddress; testId?: string }) {
  return (
    <address className="text-slate-800 text-sm not-italic leading-6" data-testid={testId}>
      <span className="block font-medium">{address.name}</span>
      {addressLines(address, { withName: false }).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address are fixed and may repeat
        <span key={i} className="block">
          {line}
        </span>
      ))}
      {address.phone ? <span className="block">{address.phone}</span> : null}
    </address>
  );
}
