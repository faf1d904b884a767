import { DELAYS } from '@shop/contracts/constants';
import type { ErrorReportBody } from '@shop/contracts/error-reports';
import {
  ArrowLeft,
  Check,
  Clock,
  Copy,
  CreditCard,
  House,
  type LucideIcon,
  RefreshCw,
  ServerCrash,
  ShieldX,
  TriangleAlert,
  WifiOff,
  Wrench,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { syncSessionFromStorage, useSession } from '../../auth/index.ts';
import { generateErrorId, sendErrorReport } from '../../error-reports/index.ts';
import { startStorefrontPreview } from '../api/start-storefront-preview.ts';
import { describeError, ERROR_DEFAULTS, type ErrorVariant, UNEXPECTED_APPLICATION_ERROR } from '../error-variants.ts';

interface VariantText {
  title: string;
  description: string;
  suggestions: string[];
  icon: LucideIcon;
  /** Tailwind text colour of the icon (decorative only). */
  tone: string;
}

/** docs/product.md §2, §8: each variant's title (exact), description and suggestions. */
export const ERROR_PAGE_TEXT: Record<ErrorVariant, VariantText> = {
  server: {
    title: 'Server Error',
    description: 'Something went wrong on our side while loading this page. It is not your fault.',
    suggestions: [
      'Wait a moment, then try again.',
      'Go back to the page you came from.',
      'If it keeps happening, report the error so we can fix it.',
    ],
    icon: ServerCrash,
    tone: 'text-red-600',
  },
  network: {
    title: 'Connection Error',
    description: 'We could not reach the shop. Your device may be offline or the connection dropped.',
    suggestions: [
      'Check that you are connected to the internet.',
      'Turn off airplane mode or reconnect to your Wi-Fi.',
      'Try again once your connection is back.',
    ],
    icon: WifiOff,
    tone: 'text-amber-600',
  },
  timeout: {
    title: 'Request Timeout',
    description: 'The shop took too long to answer. This is usually a brief slowdown.',
    suggestions: [
      'Try again in a few seconds.',
      'Check that your connection is stable.',
      'If you were placing an order, check your orders before ordering again.',
    ],
    icon: Clock,
    tone: 'text-amber-600',
  },
  forbidden: {
    title: 'Access Denied',
    description: 'You do not have permission to view this page.',
    suggestions: [
      'Sign in with an account that has access.',
      'Check that the address is spelled correctly.',
      'Contact support if you think you should have access.',
    ],
    icon: ShieldX,
    tone: 'text-red-600',
  },
  payment: {
    title: 'Payment Error',
    description: 'We could not complete your payment. Check your details or choose another way to pay.',
    suggestions: [
      'Check your card number, expiry date and security code.',
      'Make sure your card allows online payments of this amount.',
      'Try another card, or choose to pay later with an invoice.',
    ],
    icon: CreditCard,
    tone: 'text-red-600',
  },
  maintenance: {
    title: 'Under Maintenance',
    description: 'The shop is being updated and will be back shortly. Thank you for your patience.',
    suggestions: [
      'Come back in a few minutes.',
      'Your cart and wishlist are kept while we work.',
      'See the system status for updates.',
    ],
    icon: Wrench,
    tone: 'text-sky-700',
  },
  general: {
    title: 'Unexpected Error',
    description: 'Something unexpected happened. Trying again usually helps.',
    suggestions: [
      'Try again, or reload the page.',
      'Go back and repeat what you were doing.',
      'Report the error so we can look into it.',
    ],
    icon: TriangleAlert,
    tone: 'text-amber-600',
  },
};

export interface ErrorPageProps {
  variant?: ErrorVariant;
  /** The HTTP status; none for a failure without an answer (network, client timeout). */
  status?: number;
  code?: string;
  message?: string;
  /** Shown in development builds only. */
  stack?: string;
  /** True when the failure was an HTTP answer; otherwise the router's generic text heads the page. */
  http?: boolean;
  /** What Try Again does after its wait; the default re-runs the page's loaders (revalidation). */
  onRetry?: () => unknown;
  /** Render a document <title>: only where no route `meta` provides one (the root boundary). */
  documentTitle?: boolean;
}

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The error page for anything a route threw, in the variant its status calls for (docs/product.md §10). */
export function RouteErrorPage({ error, documentTitle }: { error: unknown; documentTitle?: boolean }) {
  // Offline, every failure is a connection error. The server always renders as online.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  return <ErrorPage {...describeError(error, online)} documentTitle={documentTitle} />;
}

/** The linkish look of a button for <Link>s that sit among real buttons. */
const outlineLink = buttonVariants({ variant: 'outline' });

/**
 * The error page of docs/product.md §2 in one of its variants: title, description and suggestions; a generated
 * error ID with copy; technical details; Try Again (waits 2 s, docs/product.md §9), Go Back, Homepage, Report
 * (docs/product.md §10: stored by the API), Contact Support, Help Center and a status link. Maintenance is not
 * an error and has a calm page of its own.
 */
export function ErrorPage({
  variant = 'general',
  status,
  code = ERROR_DEFAULTS.code,
  message = ERROR_DEFAULTS.message,
  stack,
  http = status !== undefined,
  onRetry,
  documentTitle = false,
}: ErrorPageProps) {
  if (variant === 'maintenance') return <MaintenancePage documentTitle={documentTitle} />;
  return (
    <ProblemPage
      variant={variant}
      status={status}
      code={code}
      message={message}
      stack={stack}
      http={http}
      onRetry={onRetry}
      documentTitle={documentTitle}
    />
  );
}

function ProblemPage({
  variant,
  status,
  code,
  message,
  stack,
  http,
  onRetry,
  documentTitle,
}: Required<Pick<ErrorPageProps, 'variant' | 'code' | 'message' | 'http' | 'documentTitle'>> &
  Pick<ErrorPageProps, 'status' | 'stack' | 'onRetry'>) {
  const text = ERROR_PAGE_TEXT[variant];
  // docs/product.md §8 default status 500 — except where there was no answer at all.
  const shownStatus = status ?? (variant === 'network' || variant === 'timeout' ? undefined : ERROR_DEFAULTS.status);
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const path = `${location.pathname}${location.search}`;
  const headingId = useId();

  // Generated after hydration: an ID made during server rendering would differ from the browser's.
  const [errorId, setErrorId] = useState<string | null>(null);
  useEffect(() => setErrorId(generateErrorId()), []);

  const retry = onRetry ?? (() => revalidator.revalidate());
  const goBack = () => {
    // A tab opened on this page has nothing to go back to: go to the homepage instead.
    if (window.history.length <= 1) navigate('/');
    else navigate(-1);
  };

  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-12 sm:py-16" aria-labelledby={headingId}>
      <ErrorPageIntro
        text={text}
        headingId={headingId}
        documentTitle={documentTitle}
        eyebrow={eyebrow(variant, http ? shownStatus : undefined)}
        suggestionsTitle="What you can do"
      />

      <div className="mx-auto mt-8 flex max-w-2xl flex-wrap justify-center gap-3">
        <TryAgainButton onRetry={retry} />
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Go Back
        </Button>
        <Link to="/" className={outlineLink}>
          <House className="size-4" aria-hidden="true" />
          Homepage
        </Link>
      </div>

      <div className="mx-auto mt-10 max-w-2xl space-y-4 border-slate-200 border-t pt-6">
        <ErrorIdRow errorId={errorId} />
        <TechnicalDetails status={shownStatus} code={code} message={message} path={path} stack={stack} />
        <ReportRow
          report={
            errorId
              ? {
                  error_id: errorId,
                  message: message.slice(0, 1000),
                  code: code.slice(0, 64),
                  ...(shownStatus !== undefined ? { status: shownStatus } : {}),
                  path: path.slice(0, 2048),
                  details: { variant, title: text.title, online: typeof navigator === 'undefined' || navigator.onLine },
                }
              : null
          }
        />
        <nav aria-label="Get help" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/contact" className="font-medium text-slate-900 underline underline-offset-4">
            Contact Support
          </Link>
          <Link to="/help" className="font-medium text-slate-900 underline underline-offset-4">
            Help Center
          </Link>
          {/* A document load: the status page has a layout of its own (and stays open in maintenance). */}
          <a href="/status" className="font-medium text-slate-900 underline underline-offset-4">
            System status
          </a>
        </nav>
      </div>
    </main>
  );
}

/** The variant's icon, eyebrow, title, description and suggestions: what every error page opens with. */
function ErrorPageIntro({
  text,
  headingId,
  documentTitle,
  eyebrow,
  suggestionsTitle,
}: {
  text: VariantText;
  headingId: string;
  documentTitle: boolean;
  eyebrow: string;
  suggestionsTitle: string;
}) {
  const Icon = text.icon;
  return (
    <>
      {documentTitle ? <title>{`${text.title} · Shop`}</title> : null}
      <div className="mx-auto max-w-2xl text-center">
        <Icon className={cn('mx-auto size-14', text.tone)} aria-hidden="true" strokeWidth={1.5} />
        <p className="mt-4 font-semibold text-slate-600 text-sm uppercase tracking-wide">{eyebrow}</p>
        <h1 id={headingId} className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
          {text.title}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{text.description}</p>
      </div>

      <section
        aria-labelledby={`${headingId}-suggestions`}
        className="mx-auto mt-8 max-w-2xl rounded-lg border border-slate-200 bg-slate-50 p-5"
      >
        <h2 id={`${headingId}-suggestions`} className="font-semibold">
          {suggestionsTitle}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          {text.suggestions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * Maintenance is planned, not a failure, so its page is calm — the variant's title,
 * description and suggestions, no status code, error ID, report or technical details — and links only
 * to what maintenance leaves open: the status page and the staff sign-in (the storefront's own pages,
 * the homepage and Contact included, all show this page). 'Check again' reloads this very page.
 * Signed-in staff may preview the storefront instead (ADR 016).
 */
function MaintenancePage({ documentTitle }: { documentTitle: boolean }) {
  const text = ERROR_PAGE_TEXT.maintenance;
  const headingId = useId();
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-12 sm:py-16" aria-labelledby={headingId}>
      <ErrorPageIntro
        text={text}
        headingId={headingId}
        documentTitle={documentTitle}
        eyebrow="Scheduled maintenance"
        suggestionsTitle="While you wait"
      />

      <div className="mx-auto mt-8 flex max-w-2xl flex-wrap items-center justify-center gap-x-6 gap-y-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Check again
        </Button>
        <nav aria-label="While the shop is closed" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <a href="/status" className="font-medium text-slate-900 underline underline-offset-4">
            System status
          </a>
          <a href="/admin/auth/login" className="font-medium text-slate-900 underline underline-offset-4">
            Staff sign-in
          </a>
        </nav>
      </div>
      <StaffPreviewOffer />
    </main>
  );
}

/**
 * Signed-in staff (their session in this browser, checked by the API) can see the storefront while
 * shoppers see this page: the API hands this browser a preview cookie bound to the session, then the
 * page loads again and the server lets it through (ADR 016).
 */
function StaffPreviewOffer() {
  const role = useSession((s) => (s.isAuthenticated ? s.user?.role : undefined));
  const [state, setState] = useState<'idle' | 'asking' | 'failed'>('idle');
  useEffect(() => syncSessionFromStorage(), []);
  if (role !== 'staff' && role !== 'admin') return null;
  const preview = async () => {
    setState('asking');
    try {
      await startStorefrontPreview();
      window.location.reload();
    } catch {
      setState('failed');
    }
  };
  return (
    <section
      aria-label="Staff preview"
      className="mx-auto mt-10 flex max-w-2xl flex-wrap items-center justify-center gap-3 border-slate-200 border-t pt-6 text-sm"
    >
      <p className="text-slate-700">You are signed in as staff.</p>
      <Button size="sm" onClick={preview} disabled={state === 'asking'}>
        Preview the storefront
      </Button>
      <span role="status" className="text-red-700">
        {state === 'failed' ? 'The preview could not be started. Sign in again and retry.' : null}
      </span>
    </section>
  );
}

/** The line above the title: the HTTP status, the lack of an answer, or the router's text (docs/product.md §2). */
function eyebrow(variant: ErrorVariant, httpStatus: number | undefined): string {
  if (httpStatus !== undefined) return `Error ${httpStatus}`;
  if (variant === 'network') return 'No response';
  if (variant === 'timeout') return 'No answer in time';
  return UNEXPECTED_APPLICATION_ERROR;
}

/** docs/product.md §9: Try Again waits 2 s (spinner) and then retries. */
function TryAgainButton({ onRetry }: { onRetry: () => unknown }) {
  const [waiting, setWaiting] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const start = () => {
    setWaiting(true);
    setTimeout(async () => {
      try {
        await onRetry();
      } finally {
        // Still here: the retry failed again, so the button works once more.
        if (mounted.current) setWaiting(false);
      }
    }, DELAYS.errorRetryWaitMs);
  };

  return (
    <Button onClick={start} disabled={waiting} aria-busy={waiting || undefined}>
      <RefreshCw className={cn('size-4', waiting && 'motion-safe:animate-spin')} aria-hidden="true" />
      {waiting ? 'Trying again…' : 'Try Again'}
    </Button>
  );
}

function ErrorIdRow({ errorId }: { errorId: string | null }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    if (!errorId) return;
    try {
      await navigator.clipboard.writeText(errorId);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="text-slate-700">Error ID:</span>
      <code className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="error-id">
        {errorId ?? '…'}
      </code>
      <Button variant="outline" size="sm" onClick={copy} disabled={!errorId} aria-label="Copy error ID">
        {copied === 'copied' ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="text-slate-700">
        {copied === 'copied' ? 'Error ID copied to the clipboard.' : null}
        {copied === 'failed' ? 'Could not copy. Select the ID and copy it by hand.' : null}
      </span>
    </div>
  );
}

function TechnicalDetails(props: { status?: number; code: string; message: string; path: string; stack?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rows: [string, ReactNode][] = [
    ['Status', props.status ?? 'No response'],
    ['Code', props.code],
    ['Message', props.message],
    ['Path', props.path],
  ];
  return (
    <div>
      <Button
        variant="link"
        className="h-auto px-0"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide technical details' : 'Show technical details'}
      </Button>
      <div id={panelId} hidden={!open} className="mt-2 rounded-md border border-slate-200 p-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-all font-mono text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {/* Stacks help developers; in production they would only show our insides. */}
        {import.meta.env.DEV && props.stack ? (
          <pre className="mt-3 max-h-64 overflow-auto whitespace-pre-wrap text-slate-700 text-xs">{props.stack}</pre>
        ) : null}
      </div>
    </div>
  );
}

type ReportState = { step: 'idle' } | { step: 'sending' } | { step: 'sent'; message: string } | { step: 'failed' };

function ReportRow({ report }: { report: ErrorReportBody | null }) {
  const [state, setState] = useState<ReportState>({ step: 'idle' });
  const send = async () => {
    if (!report) return;
    setState({ step: 'sending' });
    try {
      setState({ step: 'sent', message: await sendErrorReport(report) });
    } catch {
      setState({ step: 'failed' });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {state.step === 'sent' ? null : (
        <Button variant="outline" size="sm" onClick={send} disabled={!report || state.step === 'sending'}>
          {state.step === 'sending' ? 'Sending…' : 'Report this error'}
        </Button>
      )}
      <span role="status" className={state.step === 'failed' ? 'text-red-700' : 'text-green-800'}>
        {state.step === 'sent' ? state.message : null}
        {state.step === 'failed' ? 'The report could not be sent. Please try again later.' : null}
      </span>
    </div>
  );
}
