/** Path of the one live event stream of a signed-in user (text/event-stream, session cookie; docs/api.md). */
export const LIVE_EVENTS_URL = '/api/chat/events.json';
