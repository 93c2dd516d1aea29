// The seat's hand as the page lays it out: a row of its own for each suit (trumps first: the server's ``groups``),
// identical cards next to each other marked as a tuple (a pair, a triple… with three or four decks), the cards it
// may play outlined and, when following, the others dimmed. 12 to 52 cards fit a 390 px phone without scrolling
// sideways.
"use strict";

// `o`: {selected (indexes), declarable (codes), following, texts, tap(index)}.
function handRows(box, p, o) {
  const legal = new Set(p.legal);
  const groups = p.groups || [p.hand.length];
  let row = null, left = 0, g = 0;
  p.hand.forEach((code, i) => {
    if (!left) {
      row = document.createElement("div");
      row.className = "suit-row";
      box.appendChild(row);
      left = groups[g++] || p.hand.length;
    }
    left--;
    const el = cardElement(code, o.texts, { button: true });
    el.type = "button";
    el.setAttribute("role", "option");
    el.setAttribute("aria-selected", o.selected.has(i) ? "true" : "false");
    if (o.selected.has(i)) el.classList.add("selected");
    if (p.your_turn && legal.has(code)) el.classList.add("legal");
    if (o.following && !legal.has(code)) el.classList.add("dim");
    if (o.declarable.has(code)) el.classList.add("declarable");
    if (p.hand[i - 1] === code || p.hand[i + 1] === code) el.classList.add("tuple");
    el.addEventListener("click", () => o.tap(i));
    row.appendChild(el);
  });
}
