// Seats around the table for every shape (4–8 players): the page's own seat at the bottom, the others in playing
// order up the right side, across the top and down the left. Four seats keep the table's grid (top, left, right,
// bottom, the trick's plays in the centre); five to eight are laid out in a ring of columns, each seat's play of
// the current trick shown in its own box (eight plays never crowd the centre of a 390 px phone).
"use strict";

function seatCount(pub) { return (pub.seats || []).length || 4; }

// The box of the seat `offset` places after the page's own: "bottom/right/top/left" at four seats, else "p<offset>".
function placeName(offset, n) {
  return n === 4 ? ["bottom", "right", "top", "left"][offset] : "p" + offset;
}

// Seats up the right side (and as many down the left); the rest go across the top.
function sideCount(n) { return Math.ceil((n - 1) / 3); }

function seatDiv(place) {
  const div = document.createElement("div");
  div.className = "seat";
  div.id = "seat-" + place;
  return div;
}

// The table's boxes for `n` seats, built when the size changes (the centre is kept).
function ringLayout(table, n) {
  if (table.dataset.seats === String(n)) return;
  const center = document.getElementById("center");
  const had = table.dataset.seats;
  table.dataset.seats = String(n);
  if (n === 4 && !had) return;  // the page's own four boxes (index.html)
  table.innerHTML = "";
  table.classList.toggle("ring", n !== 4);
  if (n === 4) {
    for (const p of ["top", "left", "right"]) table.appendChild(seatDiv(p));
    table.appendChild(center);
    table.appendChild(seatDiv("bottom"));
    return;
  }
  const side = sideCount(n), top = n - 1 - 2 * side;
  const boxes = { top: "ring-top", left: "ring-left", right: "ring-right", bottom: "ring-bottom" };
  for (const [area, cls] of Object.entries(boxes)) {
    const div = document.createElement("div");
    div.className = cls;
    boxes[area] = div;
  }
  for (let k = 1; k < n; k++) {
    const area = k <= side ? "right" : k <= side + top ? "top" : "left";
    boxes[area].appendChild(seatDiv("p" + k));
  }
  boxes.bottom.appendChild(seatDiv("p0"));
  table.append(boxes.top, boxes.left, center, boxes.right, boxes.bottom);
}

// The ring's trick: each play in its player's box, the winner marked ("wins · N pts" once it is done).
function ringTrick(trick, done, view) {
  const { tr, texts, place } = view;
  document.querySelectorAll("#table .play-slot").forEach((el) => { el.innerHTML = ""; el.className = "play-slot"; });
  for (const [seat, cards] of trick ? trick.plays : []) {
    const box = document.getElementById("seat-" + place(seat));
    const slot = box && box.querySelector(".play-slot");
    if (!slot) continue;
    slot.className = "play-slot play" + (trick.winner === seat ? " winning" : "");
    slot.appendChild(cardsRow(cards, texts));
    if (done && trick.winner === seat) {
      const won = document.createElement("small");
      won.className = "won";
      won.textContent = tr("web.trick_won", { points: trick.points });
      slot.appendChild(won);
    }
  }
}
