/** The chat section of bench/run.mjs: live delivery from one browser to another, one and two processes (bench/chat.mjs). */
import { runChatBench } from '../chat.mjs';

export async function chatSection({ rows, running, chatMessages, pgUrl }) {
  const c = await runChatBench(running, { messages: chatMessages, pgUrl });
  const line = (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms (n ${r.n})`;
  rows.push(['chat', 'send → shown in the other browser, one process (PGlite)', line(c.oneProcess)]);
  rows.push(['chat', 'send → shown, two processes on one PostgreSQL', c.twoProcesses ? line(c.twoProcesses) : c.twoProcessesNote]);
  return c;
}
