// 找朋友 on the page: the friend calls (朋友牌, "the 2nd K♣") with the copies still to go by and who was found,
// the dealer's side as it grows (unknown seats stay neutral), the dealer's call step while it buries (a card and
// an ordinal per call; the server's engine judges them) and each player's level.
"use strict";

const CALL_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

function callText(call, tr) {
  return tr("web.call", { nth: tr("web.ordinal." + call.ordinal), card: cardText(call.card, tr) });
}

// The seats known to be on the dealer's side: the dealer, then revealed friends.
function dealerSide(pub) {
  if (pub.friends) return pub.friends.team;
  return pub.dealer === null || pub.dealer === undefined ? [] : [pub.dealer];
}

// A seat's side classes: fixed partners by seat parity; 找朋友 the dealer's side marked, the others neutral.
function sideClass(pub, seat) {
  if (pub.mode !== "friends") return seat % 2 === 0 ? " team0" : " team1";
  if (!dealerSide(pub).includes(seat)) return " unknown";
  return seat === pub.dealer ? " dealer-side" : " dealer-side friend";
}

// The call that revealed `seat` as a friend, if any.
function revealedBy(pub, seat) {
  return pub.friends ? pub.friends.calls.find((c) => c.friend === seat) || null : null;
}

// The calls in the centre of the table, once play began.
function callsBox(box, pub, view) {
  const { tr, nameOf } = view;
  box.innerHTML = "";
  const f = pub.friends;
  box.hidden = !(pub.mode === "friends" && f);
  if (box.hidden) return;
  const title = document.createElement("div");
  title.className = "calls-title";
  title.textContent = tr("web.calls_title");
  box.appendChild(title);
  if (!f.calls.length) {
    const none = document.createElement("div");
    none.textContent = tr("web.calls_none");
    box.appendChild(none);
  }
  for (const c of f.calls) {
    const line = document.createElement("div");
    line.className = "call" + (c.filled ? " filled" : "");
    line.dataset.card = c.card;
    const what = document.createElement("b");
    what.textContent = callText(c, tr);
    what.classList.toggle("red", RED.has(cardParts(c.card).suit) || c.card === "BJ");
    const left = document.createElement("small");
    if (c.filled) left.textContent = c.friend !== null ? tr("web.call_found", { name: nameOf(c.friend) }) : tr("web.call_used");
    else left.textContent = c.skip ? tr("web.call_skip", { n: c.skip }) : tr("web.call_next");
    line.append(what, " ", left);
    box.appendChild(line);
  }
}

// The cards the dealer may call, strongest first, the suits interleaved (A♠ A♥ A♣ A♦ K♠ …), then the jokers.
function callOptions(c) {
  const out = [];
  for (const r of CALL_RANKS) for (const s of ["S", "H", "C", "D"]) if (c.ranks[s].includes(r)) out.push(r + s);
  if (c.jokers) out.push("BJ", "SJ");
  return out;
}

function picker(cls, label, values, value, text, onPick) {
  const wrap = document.createElement("label");
  wrap.className = "picker " + cls;
  wrap.append(label + " ");
  const sel = document.createElement("select");
  for (const v of values) {
    const o = document.createElement("option");
    o.value = String(v); o.textContent = text(v); o.selected = v === value;
    sel.appendChild(o);
  }
  sel.addEventListener("change", () => onPick(sel.value));
  wrap.appendChild(sel);
  return wrap;
}

// The dealer's call step: `calls` (the page's picks, kept across states) gets distinct defaults; `keep` is the
// hand without the cards chosen to bury (a call of a copy the dealer keeps is warned about); `changed` after a pick.
function callStep(box, p, calls, keep, view, changed) {
  const { tr } = view;
  box.innerHTML = "";
  const c = p && p.calls;
  box.hidden = !c || !c.count;
  if (box.hidden) { calls.length = 0; return; }
  const options = callOptions(c);
  calls.splice(c.count);
  const held = (code) => keep.filter((x) => x === code).length;  // defaults: cards the dealer does not hold first
  for (const o of [...options].sort((a, b) => (held(a) > 0) - (held(b) > 0))) {
    if (calls.length < c.count && !calls.some((x) => x.card === o)) calls.push({ card: o, ordinal: 1 });
  }
  const head = document.createElement("div");
  head.className = "call-prompt";
  head.textContent = tr("web.call_step", { n: c.count });
  box.appendChild(head);
  const ordinals = Array.from({ length: c.ordinals }, (_, i) => i + 1);
  calls.forEach((call, i) => {
    const row = document.createElement("div");
    row.className = "call-row";
    row.append(`${i + 1}. `);
    row.appendChild(picker("call-card", tr("web.call_card"), options, call.card, (v) => cardText(v, tr),
      (v) => { calls[i] = { card: v, ordinal: call.ordinal }; changed(); }));
    row.appendChild(picker("call-ordinal", tr("web.call_ordinal"), ordinals, call.ordinal, (v) => tr("web.ordinal." + v),
      (v) => { calls[i] = { card: call.card, ordinal: Number(v) }; changed(); }));
    const k = keep.filter((x) => x === call.card).length;
    if (k >= call.ordinal) {
      const warn = document.createElement("small");
      warn.className = "call-self";
      warn.textContent = tr("web.call_self", { k, card: cardText(call.card, tr), call: callText(call, tr) });
      row.appendChild(warn);
    }
    box.appendChild(row);
  });
}
