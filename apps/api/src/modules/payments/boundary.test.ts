import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Payments asks the order's half of an outcome through the OrderSide it is given (order-side.ts) and
 * never reaches into the orders module: orders depends on payments, not the other way round
 * (docs/architecture.md §6).
 */
const ORDERS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]\.\.\/orders(?:\/|['"])/;

/** Whether a source file's text imports from the orders module. */
function importsOrders(text: string): boolean {
  return ORDERS_IMPORT.test(text);
}

/** Every non-test source file of this module, by name. */
function sources(): Map<string, string> {
  const dir = import.meta.dirname;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

describe('payments does not import orders', () => {
  it('no source file of payments/ imports from ../orders', () => {
    const files = sources();
    expect(files.size).toBeGreaterThan(5);
    const offenders = [...files].filter(([, text]) => importsOrders(text)).map(([name]) => name);
    expect(offenders).toEqual([]);
  });

  it('the check catches a planted import, in every form', () => {
    const planted = [
      `import { loadOrder } from '../orders/index.ts';\n`,
      `import type { OrderBundle } from "../orders/repository.ts";\n`,
      `export { ORDER_MSG } from '../orders/rules.ts';\n`,
      `import '../orders/index.ts';\n`,
      `const orders = await import('../orders/index.ts');\n`,
      `import {\n  loadOrder,\n} from '../orders';\n`,
    ];
    for (const text of planted) expect(importsOrders(`import { ok } from '../../lib/result.ts';\n${text}`)).toBe(true);
    expect(importsOrders(`import { ok } from '../../lib/result.ts';\nimport { x } from './orders-like.ts';\n`)).toBe(
      false,
    );
  });
});
