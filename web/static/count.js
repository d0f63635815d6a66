// handrec serve: the count of a search's hits, when the page came before
// it was counted: asked of /api/count (the same search), again while the
// server says it is still counting.
(function () {
  "use strict";
  var p = document.querySelector("p.count[data-count]");
  if (!p) { return; }
  var url = p.getAttribute("data-count"), tries = 0;
  function ask() {
    fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
      return r.json().then(function (c) { return { status: r.status, c: c }; });
    }).then(function (a) {
      if (a.status === 200 && a.c.text) {
        p.textContent = a.c.text;
        p.removeAttribute("data-count");
      } else if (a.status === 503 && ++tries < 5) {
        ask();
      } else {
        p.textContent = "The records could not be counted: " + (a.c.error || a.status);
      }
    }).catch(function () {});
  }
  ask();
}());
