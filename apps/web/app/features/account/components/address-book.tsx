import { type SavedAddress, savedAddressProblem } from '@shop/contracts/account';
import { addressLines } from '@shop/contracts/address-format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { useAddAddress } from '../api/add-address.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { addressesQuery } from '../api/get-addresses.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { AddressForm } from './address-form.tsx';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'confirm-delete'; id: string };
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The lines of an address as they read on an envelope (in its country's order), each with a key. */
export function envelopeLines(a: SavedAddress): [key: string, text: string][] {
  const lines = addressLines(a, { withName: false }).map((line, i): [string, string] => [`line-${i}`, line]);
  return [['name', a.name], ...lines, ...(a.phone ? [['phone', a.phone] as [string, string]] : [])];
}

/** Why an address saved before its country's rules cannot go on an order until it is edited; nothing when it can. */
function NeedsUpdating({ address }: { address: SavedAddress }) {
  const problem = savedAddressProblem(address);
  if (!problem) return null;
  return (
    <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900 text-sm">
      Edit this address before your next order: {problem}
    </p>
  );
}

/** The address book of /account: list, add, edit, delete and choose the default. */
export function AddressBook({ userId }: { userId: string }) {
  const addresses = useQuery(addressesQuery(userId));
  const add = useAddAddress(userId);
  const update = useUpdateAddress(userId);
  const remove = useDeleteAddress(userId);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<Notice>(null);

  /** A form's save: its failure stays in the form (the form shows it beside the fields). */
  async function save(action: () => Promise<unknown>) {
    setNotice(null);
    await action();
    setMode({ kind: 'list' });
    setNotice({ tone: 'success', text: ACCOUNT_TEXT.addressSaved });
  }

  /** A one-click change (delete, make default): its outcome shows above the list. */
  async function run(action: () => Promise<unknown>, success: string) {
    setNotice(null);
    try {
      await action();
      setMode({ kind: 'list' });
      setNotice({ tone: 'success', text: success });
    } catch (error) {
      setNotice({ tone: 'error', text: await failureMessage(error, ACCOUNT_TEXT.addressFailed) });
    }
  }

  if (addresses.isPending) {
    return (
      <div className="h-24 animate-pulse rounded-lg bg-slate-100" role="status">
        <span className="sr-only">Loading your addresses…</span>
      </div>
    );
  }
  if (addresses.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800 text-sm">
        <p>{ACCOUNT_TEXT.addressesFailed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void addresses.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = addresses.data;
  return (
    <div className="space-y-4">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {list.length === 0 && mode.kind !== 'add' ? <p className="text-slate-600">{ACCOUNT_TEXT.noAddresses}</p> : null}
      {list.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Saved addresses">
          {list.map((address) =>
            mode.kind === 'edit' && mode.id === address.id ? (
              <li key={address.id} className="sm:col-span-2">
                <AddressForm
                  address={address}
                  submitLabel="Save address"
                  onSave={(body) => save(() => update.mutateAsync({ id: address.id, body }))}
                  onCancel={() => setMode({ kind: 'list' })}
                />
              </li>
            ) : (
              <li
                key={address.id}
                className="flex flex-col justify-between gap-4 rounded-lg border border-slate-200 p-4"
                aria-label={address.name}
              >
                <div className="text-sm">
                  {address.is_default ? (
                    <p className="mb-2 inline-block rounded bg-slate-900 px-2 py-0.5 font-medium text-white text-xs">
                      Default
                    </p>
                  ) : null}
                  {envelopeLines(address).map(([key, line]) => (
                    <p key={key} className={key === 'name' ? 'font-medium' : 'text-slate-700'}>
                      {line}
                    </p>
                  ))}
                  <NeedsUpdating address={address} />
                </div>
                {mode.kind === 'confirm-delete' && mode.id === address.id ? (
                  <div className="space-y-2">
                    <p className="font-medium text-sm">Delete this address?</p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={remove.isPending}
                        onClick={() => run(() => remove.mutateAsync(address.id), ACCOUNT_TEXT.addressDeleted)}
                      >
                        Yes, delete
                      </Button>
                      {/* The Delete button is gone: focus goes to the safe choice, not to the page. */}
                      <Button size="sm" variant="outline" autoFocus onClick={() => setMode({ kind: 'list' })}>
                        Cancel
                      </Button>
                    </div>
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setMode({ kind: 'edit', id: address.id })}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setMode({ kind: 'confirm-delete', id: address.id })}
                    >
                      Delete
                    </Button>
                    {address.is_default ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={update.isPending}
                        onClick={() =>
                          run(
                            () => update.mutateAsync({ id: address.id, body: { is_default: true } }),
                            ACCOUNT_TEXT.addressDefault,
                          )
                        }
                      >
                        Make default
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      ) : null}
      {mode.kind === 'add' ? (
        <AddressForm
          submitLabel="Save address"
          onSave={(body) => save(() => add.mutateAsync(body))}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : (
        <Button
          variant="outline"
          onClick={() => {
            setNotice(null);
            setMode({ kind: 'add' });
          }}
        >
          Add address
        </Button>
      )}
    </div>
  );
}
