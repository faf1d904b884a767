// Preloaded into the shop by the process memory bench (NODE_OPTIONS=--import, bench/process-memory.ts),
// never by the product: every second, the process's own view of its memory (V8 heap, external, array
// buffers) goes to <BENCH_MEMORY_PROBE_DIR>/<pid>.json, so the bench can tell heap from native memory.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_MEMORY_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.json`);
  const write = () => fs.writeFileSync(file, JSON.stringify(process.memoryUsage()));
  write();
  setInterval(write, 1_000).unref();
}
