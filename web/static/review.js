// The strong AI's review in the replay of a finished hand: the plays it would have made otherwise and that cost
// something by its estimate (points or levels above zero), marked; the worst first.
"use strict";

// The marks that cost something, the worst first (points lost, then levels).
function costlyMarks(marks) {
  return marks.filter((m) => m.points > 0 || m.levels > 0)
    .sort((a, b) => b.points - a.points || b.levels - a.levels || a.trick - b.trick);
}

// Marks the plays of `li` (a trick line of trick `index`) the review found, and returns the notes to show below:
// one line per mark, "name: AI would play X: estimated cost ...".
function reviewNotes(li, index, marks, nameOf, tr, texts) {
  const notes = document.createElement("ul");
  notes.id = "review-notes";
  const spans = li.querySelectorAll(".logplay");
  for (const m of marks.filter((x) => x.trick === index)) {
    const span = [...spans].find((s) => Number(s.dataset.seat) === m.seat);
    if (span) span.classList.add("reviewed");
    const item = document.createElement("li");
    item.className = "review-mark";
    item.dataset.seat = String(m.seat);
    const text = tr("web.review_mark", { cards: "\u0000", points: m.points.toFixed(1), levels: m.levels.toFixed(2) });
    const [before, after] = text.split("\u0000");
    item.appendChild(document.createTextNode(nameOf(m.seat) + ": " + before));
    item.appendChild(cardsRow(m.choice, texts));
    item.appendChild(document.createTextNode(after || ""));
    notes.appendChild(item);
  }
  return notes;
}

// The tricks (0-based) that hold a mark, the worst first, for the replay's navigation.
function reviewedTricks(marks) {
  return [...new Set(costlyMarks(marks).map((m) => m.trick))];
}

// The "AI review" toggle of the replay and, when on, its status and the current trick's marks (asked for once).
// `ui`: {button, tr, nameOf, texts, send, rerender}; `reviews`: hand -> marks (null while being computed).
function reviewBlock(sheet, replay, reviews, li, ui) {
  const toggle = ui.button(ui.tr("web.review"), "review" + (replay.review ? " on" : ""), () => {
    replay.review = !replay.review;
    replay.note = "";
    if (replay.review && !(replay.hand in reviews)) {
      reviews[replay.hand] = null;
      ui.send({ op: "review", hand: replay.hand });
    }
    ui.rerender();
  }, true);
  toggle.setAttribute("aria-pressed", String(!!replay.review));
  sheet.appendChild(toggle);
  if (!replay.review) return;
  const marks = reviews[replay.hand] && costlyMarks(reviews[replay.hand]);
  const status = document.createElement("p");
  status.id = "review-status";
  status.textContent = replay.note || (!marks ? ui.tr("web.review_pending")
    : marks.length ? ui.tr("web.review_count", { n: marks.length }) : ui.tr("web.review_none"));
  sheet.appendChild(status);
  if (!marks) return;
  const jumps = document.createElement("div");
  jumps.id = "review-jumps";
  for (const t of reviewedTricks(marks)) {
    const b = ui.button(String(t + 1), "jump small" + (t === replay.i ? " on" : ""), () => { replay.i = t; ui.rerender(); }, true);
    b.title = ui.tr("web.review_jump", { n: t + 1 });
    jumps.appendChild(b);
  }
  sheet.appendChild(jumps);
  if (li) sheet.appendChild(reviewNotes(li, replay.i, marks, ui.nameOf, ui.tr, ui.texts));
}
