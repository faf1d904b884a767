// `npm run worker`: the shop's job runner alone (mail, schedules; ADR 021), on DATABASE_URL, no HTTP.
// The compiled worker when built, else its TypeScript source (scripts/api.mjs).
import { loadApi } from './api.mjs';

const worker = await loadApi('worker', 'worker.ts');
worker.runWorker();
