/**
 * What went wrong, down to its cause, for a command's last line: a failed statement's error says
 * only which statement failed ("Failed query: …"); the database's own message is in its cause.
 */
export function reasonOf(err: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = err; e !== undefined && e !== null && messages.length < 5; e = (e as { cause?: unknown }).cause) {
    const text = (e instanceof Error ? e.message : String(e)).split('\nparams:')[0].trim();
    if (text && !messages.includes(text)) messages.push(text);
    if (!(e instanceof Error)) break;
  }
  return messages.join(': ');
}
