/** The lighthouse section of bench/run.mjs: /lms/login and the student's /lms/news on the running portal (bench/lighthouse.mjs). */
import { runLighthouse } from '../lighthouse.mjs';
import { signIn } from '../load.mjs';
import { sec } from '../lib/report.mjs';

export async function lighthouseSection({ rows, running, lighthouseRuns }) {
  const lh = await runLighthouse(`${running.origin}/lms/login`, { runs: lighthouseRuns });
  rows.push([
    'lighthouse',
    `performance /lms/login (${lh.formFactor}, ${lh.throttling}, median of ${lh.runs.length})`,
    `${lh.score}  [${lh.runs.map((r) => r.score).join(', ')}]`,
  ]);
  rows.push(['lighthouse', '  FCP / LCP / TBT / CLS', `${sec(lh.fcpMs)} / ${sec(lh.lcpMs)} / ${lh.tbtMs} ms / ${lh.cls}`]);
  // The student's news feed, signed in (the session cookie is in the browser before the page loads).
  const { cookie } = await signIn(running.origin, 'student', 'Student2026');
  const news = await runLighthouse(`${running.origin}/lms/news`, { runs: lighthouseRuns, cookie });
  rows.push([
    'lighthouse',
    `performance /lms/news signed in as the student (median of ${news.runs.length})`,
    `${news.score}  [${news.runs.map((r) => r.score).join(', ')}]`,
  ]);
  rows.push(['lighthouse', '  FCP / LCP / TBT / CLS', `${sec(news.fcpMs)} / ${sec(news.lcpMs)} / ${news.tbtMs} ms / ${news.cls}`]);
  return { login: lh, newsSignedIn: news };
}
