import type { AdminSettings } from '@shop/contracts/admin-settings';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { ErrorText, Panel } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';

/** Maintenance mode: a switch, confirmed in a dialog; the storefront then answers 503. */
export function MaintenanceSection({ settings }: { settings: AdminSettings }) {
  const on = settings.maintenance_mode;
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSettings();
  const apply = () =>
    save.mutate(
      { ...settings, maintenance_mode: !on },
      {
        onSuccess: (s) => {
          setConfirming(false);
          toast.success(s.maintenance_mode ? 'Maintenance mode is on' : 'Maintenance mode is off');
        },
      },
    );
  return (
    <Panel title="Maintenance">
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="maintenance-label"
          onClick={() => setConfirming(true)}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
            on ? 'bg-red-700' : 'bg-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white transition-transform',
              on ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
        <div>
          <p id="maintenance-label" className="font-medium text-slate-900">
            Maintenance mode
          </p>
          <p className="text-slate-600 text-sm">
            {on
              ? 'On: the storefront answers with the Under Maintenance page; the admin area keeps working.'
              : 'Off: the storefront is open.'}
          </p>
        </div>
      </div>
      <ErrorText error={save.error} />
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title={on ? 'Open the storefront again?' : 'Turn on maintenance mode?'}
          description={
            on
              ? 'Shoppers can browse and order again at once.'
              : 'Every storefront page will answer with the Under Maintenance page and shoppers cannot order until you turn it off.'
          }
        >
          <ErrorText error={save.error} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant={on ? 'default' : 'destructive'} disabled={save.isPending} onClick={apply}>
              {on ? 'Turn maintenance off' : 'Turn maintenance on'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Panel>
  );
}
