// The overlay sheet: a finished hand's summary and its replay, trick by trick; a trick as one line (the trick log's
// too). `ui` is what the page lends: {button, tr, nameOf, texts, send, rerender} (app.js).
"use strict";

// A trick as one line: "n. name cards … (won by name, points)", the winning play marked.
function trickLine(t, i, ui, tag) {
  const li = document.createElement(tag || "li");
  li.appendChild(document.createTextNode(`${i + 1}. `));
  for (const [seat, cards] of t.plays) {
    const part = document.createElement("span");
    part.className = "logplay" + (t.winner === seat ? " winning" : "");
    part.dataset.seat = String(seat);
    part.textContent = ui.nameOf(seat) + " ";
    part.appendChild(cardsRow(cards, ui.texts));
    li.appendChild(part);
  }
  if (t.winner !== null && t.winner !== undefined) {
    const w = document.createElement("small");
    w.textContent = " " + ui.tr("web.won_by", { name: ui.nameOf(t.winner), points: t.points });
    li.appendChild(w);
  }
  return li;
}

// A finished hand in the match's list: its points and the levels (找朋友: who gained how many levels).
function resultLine(r, ui) {
  const head = `${ui.tr("web.hand_no", { n: r.hand })} · ${ui.tr("web.points")} ${r.points} · `;
  if (!r.team || !r.team.length) return head + `${r.levels_before.join(":")} → ${r.levels_after.join(":")} `;
  const up = r.gains.map((g, s) => (g ? `${ui.nameOf(s)} ${ui.tr("web.gain", { n: g })}` : "")).filter(Boolean);
  return head + (up.join(", ") || "±0") + " ";
}

// "Team n (name / name …)": a fixed team as the summary names it.
function teamName(team, ui) {
  return ui.tr("web.team", { n: team + 1 }) + ` (${teamSeats(team, ui.players).map(ui.nameOf).join(" / ")})`;
}

// The hand's two sides: fixed teams by seat parity, or 找朋友's dealer's side (`r.team`) and the others.
function handSides(r, ui) {
  const seats = Array.from({ length: ui.players }, (_, s) => s);
  if (!r.team || !r.team.length) {
    const dealers = r.dealer % 2;
    return { dealers: (s) => s % 2 === dealers, name: (d) => teamName(d ? dealers : 1 - dealers, ui),
      short: (d) => ui.tr("web.team", { n: (d ? dealers : 1 - dealers) + 1 }) };
  }
  const names = (d) => seats.filter((s) => r.team.includes(s) === d).map(ui.nameOf).join(" / ");
  return { dealers: (s) => r.team.includes(s), name: names, short: names };
}

// Who won the hand (the dealers held the defenders under the take-over line, or the defenders took the deal), the
// reader's side, and where the kitty's points went, in words.
function resultWords(r, ui) {
  const sides = handSides(r, ui), winner = !r.take_over;  // true: the dealers' side won
  const words = { who: ui.tr(r.take_over ? "web.won_defenders" : "web.won_dealers",
    { team: sides.name(winner), points: r.points }) };
  if (ui.you >= 0) {
    const mine = sides.dealers(ui.you);
    words.side = ui.tr(mine === winner ? "web.your_side_won" : "web.your_side_lost",
      { team: sides.short(mine), role: ui.tr(mine ? "web.role_dealers" : "web.role_defenders") });
  }
  if (!r.kitty_points) words.kitty = ui.tr("web.kitty_empty");
  else if (r.multiplier) words.kitty = ui.tr("web.kitty_to_defenders", { k: r.kitty_points, mult: r.multiplier, bonus: r.kitty_bonus });
  else words.kitty = ui.tr("web.kitty_to_dealers", { k: r.kitty_points });
  return words;
}

// A hand's result: who won and your side, its points (tricks, kitty and multiplier), the kitty in words, the
// levels before and after, the kitty's cards.
function resultBlock(r, ui) {
  const div = document.createElement("div");
  div.className = "result";
  div.innerHTML = `<h2></h2><p class="who"></p><p class="side"></p><p class="pts"></p><p class="kitty-words"></p>`
    + `<p class="lv"></p><p class="kit"></p>`;
  div.querySelector("h2").textContent = ui.tr("web.hand_summary", { n: r.hand });
  const words = resultWords(r, ui);
  div.querySelector(".who").textContent = words.who;
  div.querySelector(".side").textContent = words.side || "";
  div.querySelector(".side").hidden = !words.side;
  div.querySelector(".kitty-words").textContent = words.kitty;
  div.querySelector(".pts").textContent = ui.tr("web.summary_points",
    { points: r.points, tricks: r.trick_points, kitty: r.kitty_points, mult: r.multiplier });
  if (r.team && r.team.length) playerLevels(div.querySelector(".lv"), r, ui);
  else div.querySelector(".lv").textContent = ui.tr("web.summary_levels",
    { before: r.levels_before.join(" : "), after: r.levels_after.join(" : ") });
  const kit = div.querySelector(".kit");
  kit.textContent = ui.tr("web.kitty") + ": ";
  kit.appendChild(cardsRow(r.kitty, ui.texts));
  return div;
}

// 找朋友: each player's level before and after the hand (RULES §13.7), the dealer's side marked.
function playerLevels(box, r, ui) {
  box.textContent = ui.tr("web.player_levels");
  const list = document.createElement("ul");
  list.className = "player-levels";
  r.levels_before.forEach((before, seat) => {
    const li = document.createElement("li");
    li.className = r.team.includes(seat) ? "dealer-side" : "";
    li.textContent = ui.tr("web.level_change", { name: ui.nameOf(seat), before, after: r.levels_after[seat] })
      + (r.gains[seat] ? " (" + ui.tr("web.gain", { n: r.gains[seat] }) + ")" : "");
    list.appendChild(li);
  });
  box.appendChild(list);
}

// The summary of the hand just over (the match's winner first when it is over), with Replay and Close.
function summarySheet(sheet, pub, ui, close) {
  sheet.innerHTML = "";
  if (pub.phase === "match_over" && pub.match_winner !== null) {
    const h = document.createElement("h1");
    h.textContent = pub.mode === "friends" ? ui.tr("web.match_over_player", { name: ui.nameOf(pub.match_winner) })
      : ui.tr("web.match_over", { n: pub.match_winner + 1 });
    sheet.appendChild(h);
  }
  sheet.appendChild(resultBlock(pub.last_result, ui));
  sheet.appendChild(ui.button(ui.tr("web.replay"), "", () => ui.send({ op: "replay", hand: pub.last_result.hand }), true));
  sheet.appendChild(ui.button(ui.tr("web.close"), "", close, true));
}

// A finished hand's replay: trick `replay.i` of `replay.tricks`, Previous / Next, the result after the last trick,
// the strong AI's review (static/review.js) and Close.
function replaySheet(sheet, replay, reviews, ui, close) {
  sheet.innerHTML = "";
  const n = replay.tricks.length;
  const h = document.createElement("h2");
  h.id = "replay-title";
  h.textContent = ui.tr("web.replay_trick", { hand: replay.hand, n: n ? replay.i + 1 : 0, total: n });
  sheet.appendChild(h);
  const list = document.createElement("ol");
  list.id = "replay-trick";
  if (n) list.appendChild(trickLine(replay.tricks[replay.i], replay.i, ui));
  sheet.appendChild(list);
  const nav = document.createElement("div");
  nav.className = "nav";
  nav.appendChild(ui.button(ui.tr("web.prev"), "prev", () => { replay.i--; ui.rerender(); }, replay.i > 0));
  nav.appendChild(ui.button(ui.tr("web.next"), "next", () => { replay.i++; ui.rerender(); }, replay.i < n - 1));
  sheet.appendChild(nav);
  if (replay.result && replay.i === n - 1) sheet.appendChild(resultBlock(replay.result, ui));
  reviewBlock(sheet, replay, reviews, list.firstChild, ui);
  sheet.appendChild(ui.button(ui.tr("web.close"), "", close, true));
}
