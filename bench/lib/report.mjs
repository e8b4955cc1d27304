/** What the sections of bench/run.mjs share: the log line, the figures' formats and the numbers read from the environment. */

export const log = (line) => console.log(`[bench] ${line}`);
export const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
export const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Answers counted by HTTP status, as `200: 3000, 409: 150`. */
export const byStatus = (statuses) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

/** The positive whole number of the environment variable `name`, else `def`. */
export const envInt = (name, def) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : def;
};
