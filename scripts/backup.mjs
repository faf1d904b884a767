// `npm run backup [FILE]`: a consistent snapshot of the shop's data while it serves (docs/backup.md).
// The compiled command when built, else its TypeScript source (scripts/api.mjs).
import { loadApi } from './api.mjs';

const { backupCommand } = await loadApi('commands', 'ops/commands.ts');
process.exitCode = await backupCommand(process.argv.slice(2));
