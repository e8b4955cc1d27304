/**
 * Several portal processes behind a load balancer, one of them killed under load: the morning mix
 * of the mixed bench (bench/mixed.mjs: many students, each with a session of his own) sent through
 * the balancer with autocannon for the run's length; a quarter of the way in, one process is killed
 * (SIGKILL, as a machine that dies) and started again on the same port and database; halfway, another
 * is stopped gracefully (SIGTERM: it drains, SHUTDOWN_DRAIN_MS, then finishes what it has) and
 * started again, a step of a rolling upgrade.
 *
 * Figures: the run's throughput and p99 (as a share of the bare hello's, run just before), each
 * phase's (before the kill, while the process is down or starting, between, during the graceful
 * restart, after); those in the graceful restart's window (goal 0);
 * the failed requests (a status other than 2xx, an error, or no answer within 5 s) by status,
 * apart: those in the kill window (from the kill until the balancer's health checks mark the process
 * down, and one second more) against the requests the balancer had on that process at the kill and
 * passed to it before it was marked down, and those elsewhere (goal 0); each failed request retried
 * once through the balancer as soon as it is seen failed, as a client retries a read whose connection
 * failed (every kind of the mix but the teacher's mark is a read, or the news page's idempotent read
 * marks), and how many of those retries succeeded. And live events across processes: a teacher (one of the seed's,
 * taken out of the mix) holds the live stream (GET /api/chat/events.json) of one process while his
 * own journal marks are written through another; each mark's delivery (yes / no within 5 s) and its
 * latency from the write's sending to the event's arrival, before the kill (on the process that is
 * then killed), while it is down (between two others) and after its restart (in both directions).
 */
import autocannon from 'autocannon';
import { check, kinds, mixOf } from './mixed.mjs';
import { cannon, summary } from './lib/autocannon.mjs';

/** The mix sent through the balancer before the run, not counted. */
const WARM_UP_SECONDS = 5;
/** Marks timed in each direction of each phase. */
const PROBES = 5;
/** Longest wait for a mark's live event. */
const DELIVERY_TIMEOUT_MS = 5000;
const MARK_PATH = '/api/visitlog/visit/set.json';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * The live stream of `origin` for the session `cookie`: its events as they arrive
 * ({event, data, at}: at by performance.now()), `next(pred, from)` the first event from index `from`
 * on that passes `pred` (null after DELIVERY_TIMEOUT_MS), and whether and when it ended.
 */
export async function openStream(origin, cookie) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/chat/events.json`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`the live stream of ${origin} answered ${res.status}`);
  const stream = { events: [], ended: false, endedAt: null, waiters: new Set() };
  const wake = () => {
    for (const w of stream.waiters) w();
  };
  const pump = (async () => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) stream.events.push({ event, data: data ? JSON.parse(data) : null, at: performance.now() });
        }
        wake();
      }
    } catch {
      // aborted, or the process died
    }
    stream.ended = true;
    stream.endedAt = performance.now();
    wake();
  })();
  const next = (pred, from) =>
    new Promise((resolve) => {
      const look = () => {
        const found = stream.events.slice(from).find(pred);
        if (found || stream.ended) {
          stream.waiters.delete(look);
          clearTimeout(timer);
          resolve(found ?? null);
        }
      };
      const timer = setTimeout(() => {
        stream.waiters.delete(look);
        resolve(null);
      }, DELIVERY_TIMEOUT_MS);
      stream.waiters.add(look);
      look();
    });
  // Open once its first events (the chat's counts) have come: the process listens for the others.
  if (!(await next(() => true, 0))) throw new Error(`the live stream of ${origin} sent nothing`);
  return {
    stream,
    next,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/**
 * `PROBES` marks of `teacher`'s journal written through `writer` while his stream `live` is open on
 * another process: {label, sent, delivered, latencies (ms, from each write's sending to its event)}.
 */
async function probe(label, live, writer, teacher, counter) {
  const out = { label, sent: 0, delivered: 0, latencies: [], statuses: {} };
  for (let i = 0; i < PROBES; i++) {
    const from = live.stream.events.length;
    const sentAt = performance.now();
    const res = await fetch(`${writer}${MARK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: teacher.cookie },
      body: JSON.stringify({
        id_journal: teacher.journalId,
        id_student: teacher.students[0],
        visitDate: today(),
        id_time: 1,
        otsenka: counter.n++ % 2 ? '5' : '4',
      }),
    });
    await res.arrayBuffer();
    out.statuses[res.status] = (out.statuses[res.status] ?? 0) + 1;
    out.sent++;
    if (!res.ok) continue;
    const event = await live.next((e) => e.event === 'journal' && e.data?.id_journal === teacher.journalId, from);
    if (event) {
      out.delivered++;
      out.latencies.push(Math.round(event.at - sentAt));
    }
  }
  const sorted = [...out.latencies].sort((a, b) => a - b);
  return { ...out, p50Ms: percentile(sorted, 50), maxMs: sorted.at(-1) ?? null };
}

/** Probes with a stream opened on `streamNode` and marks written through `writeNode`, the stream closed after. */
async function probeBetween(label, streamNode, writeNode, teacher, counter) {
  const live = await openStream(streamNode.origin, teacher.cookie);
  try {
    return await probe(`${label}: stream on ${streamNode.name}, marks through ${writeNode.name}`, live, writeNode.origin, teacher, counter);
  } finally {
    await live.close();
  }
}

/** Resolves with the time (Date.now()) at which the balancer's `stats()` show `name` as `status`, and its stats then. */
async function statusReached(balancer, name, status) {
  for (;;) {
    const s = (await balancer.stats()).find((x) => x.name === name);
    if (s?.status === status) return { at: Date.now(), stats: s };
    await sleep(20);
  }
}

/** A request left without an answer this long is taken as dropped with its connection (autocannon sends the next one on a new connection without a word). */
const DROPPED_AFTER_MS = 5000;

/**
 * The mix (`make`) with autocannon against `origin`, each answer counted in its phase
 * (`phases[phaseOf(now)]`: ok, failed, latencies). Every failed request, answered with a status
 * other than 2xx, or an autocannon error, or left without an answer (DROPPED_AFTER_MS), is noted
 * ({sentAt, at, status, path, retried}) and, but for a mark, retried once through `origin` at once
 * (`retried`: the retry's status, or its error). Resolves, once the run and the retries are over,
 * to {result (autocannon's), ended, failures, samples (the first body of each failed status)}.
 */
async function sendMix({ origin, make, connections, seconds, phases, phaseOf }) {
  const failures = [];
  const samples = {};
  const retries = [];
  /** Requests sent and not yet answered, with their sending time. */
  const waiting = new Map();
  const retry = (f, request) => {
    if (request.path === MARK_PATH) return;
    const once = fetch(`${origin}${request.path}`, { method: request.method, headers: request.headers, body: request.body })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch((err) => String(err.cause?.code ?? err.message));
    retries.push(once.then((status) => (f.retried = status)));
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [request, sentAt] of waiting)
      if (now - sentAt > DROPPED_AFTER_MS) {
        waiting.delete(request);
        const f = { sentAt, at: now, status: 'no answer', path: request.path, retried: null };
        request.dropped = f;
        failures.push(f);
        retry(f, request);
      }
  }, 250);
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        pipelining: 1,
        duration: seconds,
        // Longer than the run: a request without an answer is told by the sweep above.
        timeout: seconds + 30,
        requests: [
          {
            setupRequest: (_req, context) => {
              context.sent = make();
              waiting.set(context.sent, Date.now());
              return context.sent;
            },
            onResponse: (status, body, context) => {
              const request = context.sent;
              const sentAt = waiting.get(request);
              waiting.delete(request);
              // Answered after all, later than DROPPED_AFTER_MS: not dropped.
              if (request?.dropped) failures.splice(failures.indexOf(request.dropped), 1);
              if (status >= 200 && status < 300) return;
              const f = { sentAt, at: Date.now(), status, path: request?.path, retried: null };
              samples[status] ??= String(body).slice(0, 300);
              failures.push(f);
              if (request) retry(f, request);
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      const p = phases[phaseOf(Date.now())];
      if (status >= 200 && status < 300) p.ok++;
      else p.failed++;
      p.ms.push(ms);
    });
    instance.on('reqError', (err) => {
      const at = Date.now();
      failures.push({ sentAt: null, at, status: String(err.code ?? err.message), path: null, retried: null });
      phases[phaseOf(at)].failed++;
    });
  });
  clearInterval(sweep);
  const ended = Date.now();
  await Promise.all(retries);
  return { result, ended, failures, samples };
}

/**
 * The run: `balancer` ({origin, stats()}), `nodes` ([{name, origin}]; the first is the one killed,
 * the second the one restarted), `kill` ({killNode(), startNode()}: SIGKILL and wait for the exit;
 * start again and wait until it serves), `restart` (the same for the second, stopped by SIGTERM: a
 * step of a rolling upgrade), `data` (prepareMixed's), `hello` (the bare hello's URL), `seconds`,
 * `connections`, `helloSeconds`.
 */
export async function runCluster({ balancer, nodes, kill, restart, data, helloUrl, helloBalancedUrl, seconds, connections, helloSeconds }) {
  const [teacher, ...mixTeachers] = data.teachers;
  const makers = kinds(balancer.origin, { ...data, teachers: mixTeachers });
  for (const make of Object.values(makers)) await check(balancer.origin, make);
  const mixMake = mixOf(makers);
  const floor = async (name, url) => summary(name, await cannon({ url, connections, pipelining: 1, duration: helloSeconds }), { statuses: true });
  const hello = await floor('bare Fastify hello (same run)', helloUrl);
  const helloBalanced = await floor('the same hello through HAProxy', helloBalancedUrl);
  helloBalanced.ratioToHello = Number((helloBalanced.requestsPerSec / hello.requestsPerSec).toFixed(4));

  // Warm processes, as a cluster in use has (code optimised, the pools' connections open): the mix for WARM_UP_SECONDS, not counted.
  await cannon({ url: balancer.origin, connections, pipelining: 1, duration: WARM_UP_SECONDS, requests: [{ setupRequest: () => mixMake() }] });

  const victim = nodes[0];
  const others = nodes.slice(1);
  const counter = { n: 0 };
  // A warm-up mark: the cell exists before the first timed one.
  await probeBetween('warm-up', victim, others[0], teacher, counter);

  const marks = { killAt: null, downAt: null, restartAt: null, servingAt: null, upAt: null, termAt: null, rollDownAt: null, rollExitAt: null, rollUpAt: null };
  const phases = Object.fromEntries(['before', 'down', 'between', 'rolling', 'after'].map((k) => [k, { ok: 0, failed: 0, ms: [] }]));
  const until = (mark, at) => mark === null || at < mark;
  const phaseOf = (at) =>
    until(marks.killAt, at) ? 'before' : until(marks.upAt, at) ? 'down' : until(marks.termAt, at) ? 'between' : until(marks.rollUpAt, at) ? 'rolling' : 'after';
  const started = Date.now();
  const sent = sendMix({ origin: balancer.origin, make: mixMake, connections, seconds, phases, phaseOf });
  // Awaited after the kill and the probes; a failure meanwhile must not end the process unhandled.
  sent.catch(() => {});

  const live = [];
  live.push(await probeBetween('before the kill', victim, others[0], teacher, counter));
  // The kill, a quarter of the way in, with the victim's stream open.
  const held = await openStream(victim.origin, teacher.cookie);
  await sleep(Math.max(0, started + (seconds * 1000) / 4 - Date.now()));
  const atKill = (await balancer.stats()).find((s) => s.name === victim.name);
  marks.killAt = Date.now();
  const killedAt = performance.now();
  await kill.killNode();
  const down = await statusReached(balancer, victim.name, 'DOWN');
  marks.downAt = down.at;
  // What HAProxy had on the process at the kill, and passed to it until it was marked down.
  const victimStats = {
    inFlightAtKill: atKill.current,
    passedUntilDown: down.stats.total - atKill.total,
    redispatchedUntilDown: down.stats.redispatched - atKill.redispatched,
    responseErrorsUntilDown: down.stats.responseErrors - atKill.responseErrors,
  };
  // The stream the killed process held: ended (the client then opens another), and when.
  const streamAtKill = { ended: held.stream.ended, afterMs: held.stream.ended ? Math.round(held.stream.endedAt - killedAt) : null };
  await held.close();
  const downProbe = probeBetween(`${victim.name} down`, others[0], others.at(-1), teacher, counter);
  marks.restartAt = Date.now();
  await kill.startNode();
  marks.servingAt = Date.now();
  marks.upAt = (await statusReached(balancer, victim.name, 'UP')).at;
  live.push(await downProbe);
  live.push(await probeBetween('after the restart', victim, others[0], teacher, counter));
  live.push(await probeBetween('after the restart', others[0], victim, teacher, counter));
  // Halfway: a step of a rolling upgrade. The second process is stopped gracefully (SIGTERM: it drains
  // while the balancer's checks take it out, then finishes what it has) and started again.
  await sleep(Math.max(0, started + (seconds * 1000) / 2 - Date.now()));
  const rolled = others[0];
  marks.termAt = Date.now();
  const stopping = restart.stopNode();
  marks.rollDownAt = (await statusReached(balancer, rolled.name, 'DOWN')).at;
  await stopping;
  marks.rollExitAt = Date.now();
  await restart.startNode();
  marks.rollUpAt = (await statusReached(balancer, rolled.name, 'UP')).at;
  const { result, ended, failures, samples } = await sent;

  const windowEnd = marks.downAt + 1000;
  // An answered failure by its answer's time, a request left unanswered by its sending (in flight at the kill).
  const inWindow = (f) =>
    f.status === 'no answer' ? f.sentAt >= marks.killAt - result.latency.max && f.sentAt <= windowEnd : f.at >= marks.killAt && f.at <= windowEnd;
  // From the SIGTERM until the balancer has the process back, and one second more.
  const inRolling = (f) => (f.sentAt ?? f.at) >= marks.termAt && f.at <= marks.rollUpAt + 1000;
  for (const f of failures) if (f.status === 'no answer') phases[phaseOf(f.sentAt)].failed++;
  const group = (list) => ({
    count: list.length,
    byStatus: list.reduce((all, f) => ((all[f.status] = (all[f.status] ?? 0) + 1), all), {}),
    retried: list.filter((f) => f.retried !== null).length,
    retriedOk: list.filter((f) => typeof f.retried === 'number' && f.retried >= 200 && f.retried < 300).length,
    retryAnswers: list.reduce((all, f) => (f.retried === null ? all : ((all[f.retried] = (all[f.retried] ?? 0) + 1), all)), {}),
  });
  const mix = summary('the mix through the balancer', result, { statuses: true });
  // Requests left without an answer are failures autocannon does not see.
  const unanswered = failures.filter((f) => f.status === 'no answer').length;
  mix.failed += unanswered;
  if (unanswered) mix.statuses['no answer'] = unanswered;
  mix.ratioToHello = Number((mix.requestsPerSec / hello.requestsPerSec).toFixed(4));
  mix.ratioToBalancedHello = Number((mix.requestsPerSec / helloBalanced.requestsPerSec).toFixed(4));
  const phaseFigures = (name, p, from, to) => {
    const sorted = p.ms.sort((a, b) => a - b);
    const s = Math.max(0.001, (to - from) / 1000);
    const p99 = percentile(sorted, 99);
    return {
      name,
      seconds: Number(s.toFixed(1)),
      requestsPerSec: Math.round((p.ok + p.failed) / s),
      latencyP99Ms: p99 === null ? null : Math.round(p99),
      ok: p.ok,
      failed: p.failed,
    };
  };
  const at = (t) => (t === null ? null : Number(((t - marks.killAt) / 1000).toFixed(2)));
  return {
    seconds,
    connections,
    nodes: nodes.map((n) => n.name),
    killed: victim.name,
    hello,
    helloBalanced,
    mix,
    phases: [
      phaseFigures('before the kill', phases.before, started, marks.killAt),
      phaseFigures(`${victim.name} killed until the balancer has it back`, phases.down, marks.killAt, Math.min(marks.upAt, ended)),
      phaseFigures('between', phases.between, Math.min(marks.upAt, ended), Math.min(marks.termAt, ended)),
      phaseFigures(
        `${rolled.name} restarted gracefully until the balancer has it back`,
        phases.rolling,
        Math.min(marks.termAt, ended),
        Math.min(marks.rollUpAt, ended),
      ),
      phaseFigures('after', phases.after, Math.min(marks.rollUpAt, ended), ended),
    ],
    // Seconds after the kill, and after the graceful stop.
    timeline: { down: at(marks.downAt), restart: at(marks.restartAt), serving: at(marks.servingAt), up: at(marks.upAt), runEnd: at(ended) },
    restarted: rolled.name,
    rolling: {
      down: Number(((marks.rollDownAt - marks.termAt) / 1000).toFixed(2)),
      exited: Number(((marks.rollExitAt - marks.termAt) / 1000).toFixed(2)),
      up: Number(((marks.rollUpAt - marks.termAt) / 1000).toFixed(2)),
    },
    victimStats,
    killWindow: group(failures.filter(inWindow)),
    rollingWindow: group(failures.filter((f) => !inWindow(f) && inRolling(f))),
    elsewhere: group(failures.filter((f) => !inWindow(f) && !inRolling(f))),
    failedAnswers: samples,
    streamAtKill,
    live,
  };
}
