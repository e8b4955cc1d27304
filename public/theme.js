/* global document */
/*
 * Before the first paint (the boot splash): the theme the user chose on this device (the `theme`
 * cookie the app writes), so a dark choice on a light system, or a light one on a dark system, shows
 * from the first frame. Without a choice the styles follow the system's colour scheme. The build
 * writes it inside index.html (scripts/build/inline-first-paint.ts), where the Content-Security-Policy
 * allows it by its hash and no other inline script.
 */
(function () {
  // A page the server built with its data says the choice on its body already (server/src/plugins/spa.ts).
  if (!document.body || document.body.dataset.themeChoice) return;
  var chosen = /(?:^|;\s*)theme=(dark|light)(?:;|$)/.exec(document.cookie);
  if (chosen) document.body.classList.add(chosen[1]);
  // What it read, for the app's first state (shared/shell/shell.slice.ts): reading the cookie again
  // there waits on the browser's cookie store while the page loads.
  document.body.dataset.themeChoice = chosen ? chosen[1] : 'none';
})();
