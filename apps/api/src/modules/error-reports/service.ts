import { ERROR_REPORT_MSG, type ErrorReport, type ErrorReportBody } from '@shop/contracts/error-reports';
import { count, desc } from 'drizzle-orm';
import { errorReports } from '../../db/schema.ts';
import type { Deps } from '../../services.ts';

/** Longest user agent kept with a report; real ones are far shorter, forged ones may not be. */
const USER_AGENT_MAX = 500;

/**
 * Error reports from the storefront's error page. The documented Report button only logs (docs/product.md §2);
 * docs/product.md §10 stores the error ID and details so staff can follow up in admin Support.
 */
export function createErrorReportService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /**
     * Stores a report. The error ID is unique: sending the same report again (a double click, a retry
     * after a lost answer) keeps the first one and gives the same answer.
     */
    async report(input: ErrorReportBody, from: { userId?: string; userAgent?: string }): Promise<{ message: string }> {
      await db
        .insert(errorReports)
        .values({
          errorId: input.error_id,
          message: input.message,
          code: input.code || null,
          status: input.status ?? null,
          path: input.path,
          details: input.details ?? null,
          userId: from.userId ?? null,
          userAgent: from.userAgent?.slice(0, USER_AGENT_MAX) || null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: errorReports.errorId });
      return { message: ERROR_REPORT_MSG.sent };
    },

    /** The newest reports first, a page at a time (docs/architecture.md §5 lists). */
    async list({ page, limit }: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(errorReports)
          .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(errorReports),
      ]);
      const items: ErrorReport[] = rows.map((r) => ({
        id: r.id,
        error_id: r.errorId,
        message: r.message,
        code: r.code,
        status: r.status,
        path: r.path,
        details: (r.details as Record<string, unknown> | null) ?? null,
        user_id: r.userId,
        user_agent: r.userAgent,
        created_at: r.createdAt.toISOString(),
      }));
      return { items, total: total?.n ?? 0, page, limit };
    },
  };
}
export type ErrorReportService = ReturnType<typeof createErrorReportService>;
