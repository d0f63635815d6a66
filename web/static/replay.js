// handrec serve: the replay of a board's play, card by card and trick by
// trick, with the buttons and the arrow keys; the position is kept in the
// URL's fragment (#trick=5&card=2). Without this script each position is a
// link the server draws.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) { return; }
  var data = JSON.parse(root.getAttribute("data-replay"));
  var seats = "NESW", suits = "SHDC", syms = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var cards = data.cards, n = cards.length, counts = [], starts = [0];
  cards.forEach(function (c) { counts[c[2] - 1] = (counts[c[2] - 1] || 0) + 1; });
  counts.forEach(function (k, i) { starts[i + 1] = starts[i] + k; });
  var nth = cards.map(function (c, i) { return i - starts[c[2] - 1] + 1; });

  function rank(r) { return r === "T" ? "10" : r; }
  function cardText(c) { return c ? syms[c[0]] + rank(c[1]) : "?"; }
  function state(p) { return p <= 0 ? [1, 0] : [cards[p - 1][2], nth[p - 1]]; }
  function endOf(t) { return t <= 0 ? 0 : starts[Math.min(t, counts.length)]; }
  function pos(t, c) {
    if (!(t >= 1 && t <= counts.length && c >= 0 && c <= counts[t - 1])) { return -1; }
    return starts[t - 1] + c;
  }
  // dealt holds each seat's dealt cards by suit ("AKT2"), null when not known.
  var dealt = data.hands.map(function (h) { return h ? h.split(".") : null; });

  function holding(ranks) {
    if (!ranks) { return "—"; }
    return ranks.split("").map(rank).join(" ");
  }
  function render(p) {
    var st = state(p), gone = {}, middle = ["", "", "", ""], ns = 0, ew = 0, i;
    for (i = 0; i < p; i++) {
      var c = cards[i];
      if (c[1]) { gone[c[1]] = true; }
      if (c[2] === st[0]) { middle[c[0]] = cardText(c[1]); }
    }
    for (i = 1; i <= st[0]; i++) {
      if (i === st[0] && (p === 0 || st[1] < counts[i - 1])) { break; }
      var w = data.winners[i - 1];
      if (w === 0 || w === 2) { ns++; } else if (w === 1 || w === 3) { ew++; }
    }
    for (var s = 0; s < 4; s++) {
      var letter = seats[s], hand = root.querySelector('.rhand[data-seat="' + letter + '"]'), left = 0;
      if (dealt[s]) {
        var lines = hand.querySelectorAll(".suit .cards");
        for (var k = 0; k < 4; k++) {
          var kept = dealt[s][k].split("").filter(function (r) { return !gone[suits[k] + r]; }).join("");
          left += kept.length;
          lines[k].textContent = holding(kept);
        }
      }
      root.querySelector('.left [data-seat="' + letter + '"]').textContent = dealt[s] ? String(left) : "?";
      var slot = root.querySelector('.trick [data-seat="' + letter + '"]');
      slot.textContent = middle[s];
      slot.classList.toggle("red", /^[♥♦]/.test(middle[s]));
    }
    root.querySelector(".where .t").textContent = String(st[0]);
    root.querySelector(".where .c").textContent = String(st[1]);
    root.querySelector(".ns").textContent = String(ns);
    root.querySelector(".ew").textContent = String(ew);
    root.querySelector(".claim").textContent = p === n && data.claim ? data.claim : "";
    root.querySelector(".cardnote").textContent = p > 0 ? cards[p - 1][3] : "";
    var nextTrick = (st[1] === counts[st[0] - 1] && p > 0) ? endOf(st[0] + 1) : endOf(st[0]);
    var steps = { "start": 0, "previous trick": endOf(st[0] - 1), "previous card": Math.max(p - 1, 0),
      "next card": Math.min(p + 1, n), "next trick": nextTrick, "end": n };
    root.querySelectorAll(".steps a").forEach(function (a) {
      var q = steps[a.getAttribute("data-step")];
      a.setAttribute("data-p", String(q));
      a.setAttribute("href", href(q));
    });
    root.querySelectorAll(".grid a").forEach(function (a) {
      a.classList.toggle("here", Number(a.getAttribute("data-p")) === p);
    });
    root.setAttribute("data-p", String(p));
  }
  function href(p) { var st = state(p); return "?trick=" + st[0] + "&card=" + st[1] + "#replay"; }
  function go(p, keep) {
    p = Math.max(0, Math.min(n, p));
    render(p);
    if (!keep) {
      var st = state(p);
      history.replaceState(null, "", location.pathname + "#trick=" + st[0] + "&card=" + st[1]);
    }
  }
  function current() { return Number(root.getAttribute("data-p")); }
  function fromHash() {
    var m = /^#trick=(\d+)(?:&card=(\d+))?$/.exec(location.hash);
    if (!m) { return; }
    var p = pos(Number(m[1]), Number(m[2] || 0));
    if (p >= 0) { go(p, true); }
  }
  root.addEventListener("click", function (e) {
    var a = e.target.closest("a[data-p]");
    if (!a) { return; }
    e.preventDefault();
    go(Number(a.getAttribute("data-p")));
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) { return; }
    var p = current(), st = state(p), q;
    switch (e.key) {
      case "ArrowRight": q = p + 1; break;
      case "ArrowLeft": q = p - 1; break;
      case "ArrowDown": q = (st[1] === counts[st[0] - 1] && p > 0) ? endOf(st[0] + 1) : endOf(st[0]); break;
      case "ArrowUp": q = endOf(st[0] - 1); break;
      case "Home": q = 0; break;
      case "End": q = n; break;
      default: return;
    }
    e.preventDefault();
    go(q);
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  root.setAttribute("data-ready", "1");
}());
