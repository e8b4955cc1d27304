/* global window, location, localStorage, fetch, URLSearchParams, setTimeout */
/*
 * The journal screen's data asked for while the app's code starts (docs/areas/journal.md#speed): on
 * /lms/journal, the journal the address names (?j=), else the one this teacher opened last on this
 * device (localStorage `journal`, written by the app when a journal opens, cleared at sign-out with
 * the rest): the journal itself and its lessons in the teacher's timetable (the lesson it opens on).
 * The replies wait in window.__lmsJournalEarly until the app asks for that journal
 * (src/features/journal/journal.early.ts), which takes each only for the same journal, person and
 * language, and makes the call itself otherwise. The build writes it inside index.html
 * (scripts/build/inline-first-paint.ts), where the Content-Security-Policy allows it by its hash.
 */
(function () {
  try {
    if (!/^\/lms\/journal\/?$/.test(location.pathname)) return;
    var kept = JSON.parse(localStorage.getItem('journal') || 'null');
    // The same person signed in here as when it was written (the `uid` and `role` the app keeps).
    if (!kept || typeof kept.id !== 'number' || String(kept.uid) !== localStorage.getItem('uid') || String(kept.role) !== localStorage.getItem('role')) return;
    var linked = Number(new URLSearchParams(location.search).get('j'));
    var id = linked > 0 ? linked : kept.id;
    var post = function (path) {
      var reply = fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': String(kept.lang) },
        body: JSON.stringify({ id_journal: id }),
      }).then(function (res) {
        return res.json().then(function (body) {
          return { status: res.status, body: body };
        });
      });
      // Nobody may take it (another journal chosen): a failure then stays quiet.
      reply.catch(function () {});
      return reply;
    };
    var entry = {
      id: id,
      uid: kept.uid,
      role: kept.role,
      lang: kept.lang,
      at: Date.now(),
      reply: post('/api/visitlog/journal.json'),
      times: post('/api/visitlog/teachertimes.json'),
    };
    window.__lmsJournalEarly = entry;
    // Not taken while the app would take them (EARLY_JOURNAL_MS): the replies are let go, not kept in memory.
    setTimeout(function () {
      if (window.__lmsJournalEarly === entry) delete window.__lmsJournalEarly;
    }, 15000);
  } catch {
    // No storage, or an unreadable entry: the app makes its call.
  }
})();
