// `npm run admin -- reset-password <email>`: a new password for an account, shown once (README,
// "Run it"). The compiled command when built, else its TypeScript source (scripts/api.mjs).
import { loadApi } from './api.mjs';

const { adminCommand } = await loadApi('commands', 'ops/commands.ts');
process.exitCode = await adminCommand(process.argv.slice(2));
