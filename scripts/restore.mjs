// `npm run restore FILE`: a backup into an empty DATA_DIR or DATABASE_URL database (docs/backup.md).
// The compiled command when built, else its TypeScript source (scripts/api.mjs).
import { loadApi } from './api.mjs';

const { restoreCommand } = await loadApi('commands', 'ops/commands.ts');
process.exitCode = await restoreCommand(process.argv.slice(2));
