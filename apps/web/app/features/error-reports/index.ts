/** The error-reports feature's public face: the ID an error page shows, and the report. */
export { generateErrorId } from './error-id.ts';
export { sendErrorReport } from './send-error-report.ts';
