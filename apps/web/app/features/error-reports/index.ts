/** The error-reports feature's public face: the ID an error page shows, and the report. */

export { sendErrorReport } from './api/send-error-report.ts';
export { generateErrorId } from './error-id.ts';
