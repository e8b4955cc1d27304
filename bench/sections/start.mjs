/** The start section of bench/run.mjs: time to a working portal on a fresh DATA_DIR and on a restart (bench/lib/server.mjs). */
import { sec } from '../lib/report.mjs';
import { startPortal } from '../lib/server.mjs';

/** Leaves the restarted portal running in `ctx.running` for the sections after it. */
export async function startSection(ctx) {
  const { rows, dataDir } = ctx;
  const first = await startPortal({ dataDir });
  await first.stop();
  const again = await startPortal({ dataDir });
  ctx.running = again;
  rows.push(['start', 'fresh DATA_DIR → /lms/login served', sec(first.ms)]);
  rows.push(['start', 'restart on the same data', sec(again.ms)]);
  return { firstStartMs: Math.round(first.ms), restartMs: Math.round(again.ms), note: 'npm start path (scripts/start.mjs), client already built' };
}
