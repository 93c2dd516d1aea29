// The table's boxes as the page draws them from a state: the top bar, the seats, the trick in the centre, the
// declaration; and the rules of what they show (whose turn it is, the clock, the trick log grown by last_trick,
// the declaration Declare makes). `view` is what the page lends: {state, tr, texts, nameOf, place} (app.js).
"use strict";

// The one seat whose turn it is (its box highlighted, the clock on it); none while dealing and declaring, when
// every seat may declare and the clock is the declaration window's.
function turnSeat(pub) {
  const toAct = pub.to_act || [];
  return toAct.length === 1 && !["dealing", "declaring"].includes(pub.phase) ? toAct[0] : null;
}

// The trick log: a state carries it whole (`tricks`: the first one, or one asked for) or only its length
// (`trick_count`): one more than known appends `last_trick`. The log (and pub.tricks) after the state, or null
// when a trick was missed (the page then asks for the whole state).
function mergeLog(log, pub) {
  let next = log;
  if (pub.tricks) next = { hand: pub.hand_number, tricks: pub.tricks };
  else if (pub.trick_count === undefined || pub.trick_count === 0) next = { hand: pub.hand_number, tricks: [] };
  else if (log.hand !== pub.hand_number) return null;
  else if (pub.trick_count === log.tricks.length + 1 && pub.last_trick) next = { hand: log.hand, tricks: [...log.tricks, pub.last_trick] };
  else if (pub.trick_count !== log.tricks.length) return null;
  pub.tricks = next.tricks;
  return next;
}

function cardText(code, tr) {
  const { rank, suit } = cardParts(code);
  if (!suit) return rank === "BJ" ? tr("web.big_joker") : tr("web.small_joker");
  return rank + SUIT_SYMBOL[suit];
}

// The declaration Declare makes with nothing selected: the longest (strongest) one the seat holds.
function strongestDeclaration(p) {
  return (p ? p.declarations : []).reduce((best, d) => (!best || d.length > best.length ? d : best), null);
}

// "12:34 left" until `deadline` (server seconds; `offset`: server clock - local clock), "" without one.
function clockText(deadline, offset, tr) {
  if (!deadline) return "";
  const left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + offset)));
  const h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = String(left % 60).padStart(2, "0");
  return tr("web.clock", { time: h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}` });
}

function suitName(trump, tr) {
  if (!trump) return tr("web.undecided");
  if (trump === "NT") return tr("web.no_trump");
  return SUIT_SYMBOL[trump] || trump;
}

// The top bar: the hand, the phase, trump and level, the teams' levels, the defenders' points.
function headerBar(pub, view) {
  const { tr, nameOf } = view, $ = (id) => document.getElementById(id);
  $("hand-no").textContent = pub.hand_number ? tr("web.hand_no", { n: pub.hand_number }) : "#" + pub.table_id;
  $("phase").textContent = pub.phase ? tr("web.phase." + pub.phase) : tr("web.lobby");
  $("trump").textContent = pub.phase ? `${tr("web.trump")} ${suitName(pub.trump, tr)} · ${tr("web.level")} ${pub.level}` : "";
  $("trump").classList.toggle("red", pub.trump === "H" || pub.trump === "D");
  const levels = $("levels");
  levels.innerHTML = "";
  if (pub.levels && pub.mode !== "friends") {  // 找朋友: each player's level is in its seat's box
    levels.textContent = tr("web.levels") + " ";
    pub.levels.forEach((lv, team) => {
      const span = document.createElement("span");
      span.className = "team" + team;
      span.title = tr("web.team", { n: team + 1 }) + ": " + teamSeats(team, pub.seats.length).map(nameOf).join(" / ");
      span.textContent = lv;
      if (team) levels.appendChild(document.createTextNode(" : "));
      levels.appendChild(span);
    });
  }
  $("points").textContent = pub.phase ? `${tr("web.points")} ${pub.points}` : "";
}

// The seats of a fixed team (even or odd seats).
function teamSeats(team, players) {
  return Array.from({ length: players }, (_, s) => s).filter((s) => s % 2 === team);
}

// A seat's box: its name (and 托管), card count and dealer (找朋友: its level, a revealed friend marked with the call
// that revealed it), the turn's highlight, a place for its clock and, around a ring of 5–8 seats, its play.
function seatBox(el, seat, view) {
  const { state, tr, nameOf } = view, pub = state.public;
  const info = pub.seats[seat] || { name: "-" };
  el.className = "seat" + (turnSeat(pub) === seat ? " turn" : "")
    + (seat === state.you ? " mine" : "") + sideClass(pub, seat);
  el.innerHTML = "";
  const name = document.createElement("div");
  name.className = "name";
  name.textContent = nameOf(seat) || "-";
  if (info.away) name.insertAdjacentHTML("beforeend", ` <small>${tr("web.away")}</small>`);
  el.appendChild(name);
  const meta = document.createElement("div");
  meta.className = "meta";
  const count = pub.hand_sizes ? tr("web.cards", { n: pub.hand_sizes[seat] }) : "";
  meta.textContent = count + (pub.dealer === seat ? " · " + tr("web.dealer") : "");
  if (pub.mode === "friends" && pub.levels) meta.textContent += " · " + tr("web.seat_level", { level: pub.levels[seat] });
  el.appendChild(meta);
  const call = revealedBy(pub, seat);
  if (call) {
    const badge = document.createElement("div");
    badge.className = "badge";
    badge.textContent = tr("web.friend") + " · " + callText(call, tr);
    el.appendChild(badge);
  }
  const clock = document.createElement("div");
  clock.className = "seat-clock";
  el.appendChild(clock);
  if (seatCount(pub) !== 4) {
    const slot = document.createElement("div");
    slot.className = "play-slot";
    el.appendChild(slot);
  }
}

// The centre: each play at its player's side, the winner marked; a finished trick (`done`) with "wins · N pts".
function trickBox(box, trick, done, view) {
  const { tr, texts, place } = view;
  box.innerHTML = "";
  box.classList.toggle("done", done);
  for (const [seat, cards] of trick ? trick.plays : []) {
    const slot = document.createElement("div");
    slot.className = "play at-" + place(seat) + (trick.winner === seat ? " winning" : "");
    slot.appendChild(cardsRow(cards, texts));
    if (done && trick.winner === seat) {
      const won = document.createElement("small");
      won.className = "won";
      won.textContent = tr("web.trick_won", { points: trick.points });
      slot.appendChild(won);
    }
    box.appendChild(slot);
  }
}

// The declaration standing, while it may still change hands (dealing to the kitty round).
function declarationLine(d, pub, view) {
  d.innerHTML = "";
  const decl = pub.declaration;
  if (decl && ["dealing", "declaring", "burying", "kitty_overcall"].includes(pub.phase)) {
    d.textContent = `${view.nameOf(decl.seat)}: `;
    d.appendChild(cardsRow(decl.cards, view.texts));
  }
}
