/** The online lessons' limits and the rule of a meeting's or a recording's link, named once for both sides (contract/webinar.ts; the client's forms). */

/** A student may join this many minutes before the lesson starts (until it ends). */
export const WEBINAR_OPEN_BEFORE_MIN = 10;
/** The longest link of a meeting or a recording. */
export const WEBINAR_LINK_MAX = 500;
/** The longest title of a recording. */
export const WEBINAR_TITLE_MAX = 200;
/** The most recordings one meeting holds. */
export const WEBINAR_RECORDINGS_MAX = 20;
/** The teachers' meetings and the students' online lessons are listed this many days back (and the students' as many ahead). */
export const WEBINAR_DAYS_AHEAD = 14;
/** A teacher's coming lessons (to attach a meeting to) are listed for this many days, today first. */
export const WEBINAR_LESSONS_AHEAD = 7;

/**
 * Is the text an https link a browser may open as a meeting or a recording: https only (so never
 * javascript:, data: or http:), a host, no user name or password in it, no spaces or control
 * characters, at most WEBINAR_LINK_MAX characters.
 */
export function isMeetingLink(text: string): boolean {
  if (text.length === 0 || text.length > WEBINAR_LINK_MAX) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f<>"\\]/.test(text)) return false;
  if (!/^https:\/\//i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
}
