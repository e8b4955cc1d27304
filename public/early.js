/* global window, location, localStorage, fetch, URLSearchParams, setTimeout */
/*
 * A screen's data asked for while the app's code starts (docs/architecture.md#early-replies): on the
 * pages in PAGES, what the screen opens with for the item the address names (`param`), else the one
 * this person opened last on this device (localStorage under the page's `key`, written by the app
 * when the item opens, cleared at sign-out with the rest). The journal: the journal itself and its
 * lessons in the teacher's timetable (the lesson it opens on); the grading sheet: the sheet. The
 * replies wait in window.__lmsEarly until the app asks for that item (src/shared/request/early.ts),
 * which takes each only for the same page, item, person and language, and makes the call itself
 * otherwise. The build writes this script inside index.html (scripts/build/inline-first-paint.ts),
 * where the Content-Security-Policy allows it by its hash.
 */
(function () {
  var PAGES = {
    '/lms/journal': {
      key: 'journal',
      param: 'j',
      calls: { reply: ['/api/visitlog/journal.json', 'id_journal'], times: ['/api/visitlog/teachertimes.json', 'id_journal'] },
    },
    '/lms/gradingsheet': { key: 'gradingsheet', calls: { reply: ['/api/gradingsheet/sheet.json', 'id_sheet'] } },
  };
  try {
    var page = PAGES[location.pathname.replace(/\/$/, '')];
    if (!page) return;
    var kept = JSON.parse(localStorage.getItem(page.key) || 'null');
    // The same person signed in here as when it was written (the `uid` and `role` the app keeps).
    if (!kept || typeof kept.id !== 'number' || String(kept.uid) !== localStorage.getItem('uid') || String(kept.role) !== localStorage.getItem('role')) return;
    var linked = page.param ? Number(new URLSearchParams(location.search).get(page.param)) : 0;
    var id = linked > 0 ? linked : kept.id;
    var post = function (call) {
      var body = {};
      body[call[1]] = id;
      var reply = fetch(call[0], {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': String(kept.lang) },
        body: JSON.stringify(body),
      }).then(function (res) {
        return res.json().then(function (json) {
          return { status: res.status, body: json };
        });
      });
      // Nobody may take it (another item chosen): a failure then stays quiet.
      reply.catch(function () {});
      return reply;
    };
    var replies = {};
    for (var part in page.calls) replies[part] = post(page.calls[part]);
    var entry = { page: page.key, id: id, uid: kept.uid, role: kept.role, lang: kept.lang, at: Date.now(), replies: replies };
    window.__lmsEarly = entry;
    // Not taken while the app would take them (EARLY_MS): the replies are let go, not kept in memory.
    setTimeout(function () {
      if (window.__lmsEarly === entry) delete window.__lmsEarly;
    }, 15000);
  } catch {
    // No storage, or an unreadable entry: the app makes its call.
  }
})();
