// The worst time any route's validation takes over the inputs that make backtracking
// patterns slow, at each string's maximum length (the pattern runs) and at the route's largest body
// (the length check refuses it). Budget: < 5 ms. In-process: the route table of an app that never
// touches its database (nothing is queried while routes register).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { adversarialStrings, stringTargets } from '../apps/api/test/adversarial.ts';

export const VALIDATION_BUDGET_MS = 5;
/** Each input is timed this many times and its fastest run kept: a GC pause is noise, not the pattern's cost. */
const REPEATS = 5;

export interface ValidationFigure {
  where: string;
  length: number;
  ms: number;
}

export async function runValidationBench(): Promise<{ worst: ValidationFigure[]; inputs: number }> {
  const database = connect('postgres://bench@127.0.0.1:1/none', { warn: () => {} });
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, jwtSecret: 'x'.repeat(32) });
  const figures: ValidationFigure[] = [];
  let inputs = 0;
  try {
    for (const target of stringTargets(app.routeTable)) {
      const lengths = [...new Set([target.max ?? target.bodyLimit, target.bodyLimit])];
      for (const length of lengths) {
        let ms = 0;
        for (const input of adversarialStrings(target, length)) {
          inputs++;
          let fastest = Infinity;
          for (let i = 0; i < REPEATS; i++) {
            const started = performance.now();
            target.schema.safeParse(input);
            fastest = Math.min(fastest, performance.now() - started);
          }
          ms = Math.max(ms, fastest);
        }
        figures.push({ where: target.where, length, ms });
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return { worst: figures.sort((a, b) => b.ms - a.ms).slice(0, 5), inputs };
}

export function printValidation({ worst, inputs }: Awaited<ReturnType<typeof runValidationBench>>): boolean {
  const top = worst[0];
  const ok = top === undefined || top.ms < VALIDATION_BUDGET_MS;
  console.log(
    `\nvalidation: ${inputs} adversarial inputs over every route's patterns; worst ${top?.ms.toFixed(2) ?? '0'} ms ` +
      `(budget < ${VALIDATION_BUDGET_MS} ms) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const f of worst) console.log(`  ${f.ms.toFixed(3)} ms  ${f.where} at ${f.length} characters`);
  return ok;
}
