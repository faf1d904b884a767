// `npm run dev`, run under `tsx watch` (package.json): the shop on the same
// settings and database as `npm start`, but the web app comes from its sources through Vite with hot
// module reload, and tsx restarts this process when a file it imported changes (the API, contracts).
// The web app's files are Vite's to watch, not tsx's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// React's development build, with its warnings; set before anything loads React.
process.env.NODE_ENV = 'development';
const { runShop } = await import(path.join(root, 'apps/api/src/server.ts'));
runShop('dev');
