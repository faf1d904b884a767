import type { Order } from '@shop/contracts/orders';
import { Check, Circle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../format.ts';
import { buildTimeline } from '../timeline.ts';

/** The order's status timeline: what happened and when, then what is still to come. */
export function StatusTimeline({ order }: { order: Pick<Order, 'status' | 'events'> }) {
  const steps = buildTimeline(order);
  return (
    <ol className="space-y-4" aria-label="Order status timeline" data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={`${step.status}-${step.at ?? 'upcoming'}`}
          className="flex gap-3"
          data-testid="timeline-step"
          data-state={step.state}
          data-status={step.status}
        >
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full',
              step.state === 'upcoming' ? 'border border-slate-300 bg-white text-slate-400' : 'bg-slate-900 text-white',
            )}
          >
            {step.state === 'upcoming' ? <Circle className="size-2.5" /> : <Check className="size-3.5" />}
          </span>
          <div className="text-sm">
            <p className={cn('font-medium', step.state === 'upcoming' ? 'text-slate-600' : 'text-slate-900')}>
              {step.label}
              {step.state === 'current' ? <span className="sr-only"> (current status)</span> : null}
              {step.state === 'upcoming' ? <span className="sr-only"> (to come)</span> : null}
            </p>
            {step.at ? (
              <p className="text-slate-600">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </p>
            ) : null}
            {step.note ? <p className="text-slate-700">{step.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
