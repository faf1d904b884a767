import type { SetupChecklist as Checklist } from '@shop/contracts/admin-setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAdmin, Panel } from '../../admin/index.ts';
import { useSession } from '../../auth/index.ts';
import { setupChecklistQuery } from '../api/get-setup-checklist.ts';

/**
 * The first-start checklist (docs/adr/042-first-start-checklist.md): for an admin of a shop that did not
 * start as the demo, what is set up and what is left, each step linking to where it is done. Gone once
 * every step is.
 */
export function SetupChecklist() {
  const admin = useSession((s) => isAdmin(s.user));
  const query = useQuery({ ...setupChecklistQuery(), enabled: admin });
  if (!query.data?.shown) return null;
  return <SetupSteps checklist={query.data} />;
}

export function SetupSteps({ checklist }: { checklist: Checklist }) {
  const done = checklist.steps.filter((s) => s.done).length;
  return (
    <Panel title="Set up your shop">
      <p className="text-slate-600 text-sm">
        {done} of {checklist.steps.length} done. Each step is ticked once the shop has it.
      </p>
      <ol className="mt-3 divide-y divide-slate-100">
        {checklist.steps.map((step) => (
          <li key={step.id} className="flex items-start gap-3 py-2">
            <span
              aria-hidden="true"
              className={
                step.done
                  ? 'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white text-xs'
                  : 'mt-0.5 size-5 shrink-0 rounded-full border-2 border-slate-400'
              }
            >
              {step.done ? '✓' : ''}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-sm">
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </p>
              <p className="text-slate-600 text-sm">{step.detail}</p>
            </div>
            {step.done ? null : (
              <Link to={step.href} className="shrink-0 text-sm underline underline-offset-4">
                Set up<span className="sr-only"> {step.label.toLowerCase()}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
