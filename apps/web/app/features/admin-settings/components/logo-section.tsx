import { useRef } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, Panel, QueryState } from '../../admin/index.ts';
import { useLogo, useRemoveLogo, useUploadLogo } from '../api/logo.ts';

/**
 * The store's logo (docs/adr/040-store-logo.md): the header shows it in place of the name, mails and
 * invoices carry it, and the browser tab's and home screens' icons are made from it. Uploaded as soon as
 * a file is chosen; the API refuses anything that is not a picture.
 */
export function LogoSection() {
  const query = useLogo();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Panel title="Logo">
      <QueryState query={query}>
        {({ logo }) => (
          <div className="space-y-3">
            <p className="text-slate-600 text-sm">
              The header shows it instead of the store's name; mails and invoices carry it, and the shop's icons in
              browser tabs and on home screens are made from it. A wide picture with a transparent background suits it
              best.
            </p>
            {logo ? (
              <img
                src={logo.url}
                alt="The store’s logo"
                width={logo.width}
                height={logo.height}
                className="h-12 w-auto rounded border border-slate-200 bg-white p-1"
              />
            ) : (
              <p className="text-slate-600 text-sm" data-testid="no-logo">
                No logo yet: the header shows the store's name.
              </p>
            )}
            <div className="flex flex-wrap items-end gap-3">
              <div className="space-y-1.5">
                <label htmlFor="store-logo" className="block font-medium text-sm">
                  {logo ? 'Replace the logo' : 'Upload a logo'}
                </label>
                <input
                  ref={input}
                  id="store-logo"
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                  disabled={upload.isPending}
                  className="block text-sm"
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (!file) return;
                    upload.mutate(file, {
                      onSuccess: () => toast.success('Logo saved'),
                      onSettled: () => {
                        if (input.current) input.current.value = '';
                      },
                    });
                  }}
                />
              </div>
              {logo ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success('Logo removed') })}
                >
                  Remove the logo
                </Button>
              ) : null}
            </div>
            <ErrorText error={upload.error ?? remove.error} />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
