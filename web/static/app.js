// The web table's page: one WebSocket; the server sends this page's own view only and decides every move.
"use strict";
(() => {
  const activity = window.TRACTOR_ACTIVITY;  // inside Discord as an Activity (web/activity.py): no URL, no cookie
  let tableId = Number(location.pathname.split("/").pop());
  let session = null;        // an Activity's session, presented as the socket's first frame
  const params = new URLSearchParams(location.search);
  let locale = params.get("lang") === "zh-CN" || (activity && navigator.language.startsWith("zh")) ? "zh-CN" : "en";
  let texts = {};
  let state = null;          // the last state frame
  let selected = new Set();  // indexes into private.hand
  let handKey = "";          // the hand the selection belongs to
  let check = null;          // the server's answer for the current selection
  let ws = null;
  let retry = 0;
  let closedForGood = false;
  let replay = null;         // {hand, tricks, result, i, review, note}
  const reviews = {};        // hand -> the strong AI's marks (null: being computed)
  let clockOffset = 0;       // server clock - local clock (seconds)
  let dismissed = 0;         // the hand whose summary was closed
  let summaryHand = 0;       // the hand whose summary is up: shown when it ends, kept until closed
  const HOLD_MS = 1800;      // a finished trick stays on the table this long, its winner marked, then clears
  let seenTricks = null;     // "hand:tricks" of the last state (null: none yet)
  let held = null;           // {trick, until}: the trick just finished, still shown
  let log = { hand: null, tricks: [] };  // the hand's trick log: whole in a first state, then grown by last_trick
  const $ = (id) => document.getElementById(id);

  function tr(key, p) {
    let s = texts[key] || key;
    for (const [k, v] of Object.entries(p || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }

  async function loadTexts() {
    const r = await fetch(`/i18n/${locale}.json`);
    texts = await r.json();
    document.documentElement.lang = locale;
    document.title = tr("web.title");
    $("lang").textContent = tr("web.language");
    $("last-title").textContent = tr("web.last_trick");
    $("log-title").textContent = tr("web.trick_log");
    $("results-title").textContent = tr("web.results");
    $("sheet-back").textContent = tr("web.back_to_table");
  }

  // -- the socket -------------------------------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}?lang=${locale}${session ? "&auth=frame" : ""}`);
    ws.onopen = () => {
      if (session) ws.send(JSON.stringify({ op: "auth", session }));
      retry = 0; banner("");
    };
    ws.onmessage = (ev) => onFrame(JSON.parse(ev.data));
    ws.onclose = () => {
      if (closedForGood) return;
      banner(tr("web.reconnecting"));
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    };
  }

  function send(frame) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }

  function onFrame(f) {
    if (f.type === "state") {
      if (!mergeLog(f.public)) { send({ op: "state" }); return; }  // missed a trick: ask for the whole state
      state = f;
      document.body.dataset.version = String(f.public.version);
      document.body.dataset.phase = f.public.phase || "lobby";
      clockOffset = (f.public.now || Date.now() / 1000) - Date.now() / 1000;
      holdFinishedTrick(f.public);
      render();
    } else if (f.type === "check") {
      if (sameCards(f.cards, selectedCards())) { check = f; renderActions(); }
    } else if (f.type === "refused") {
      if (f.fatal) { closedForGood = true; banner(f.text); ws.close(); }
      if (replay && f.key.startsWith("web.review")) { delete reviews[replay.hand]; replay.note = f.text; renderReplay(); }
      explain(f.text, true, f.key);
    } else if (f.type === "ok") {
      selected.clear(); check = null; explain(tr("web.sent"), false);
    } else if (f.type === "suggest") {
      const hand = state.private ? state.private.hand : [];
      selected.clear();
      for (const code of f.cards) {
        const i = hand.findIndex((c, j) => c === code && !selected.has(j));
        if (i >= 0) selected.add(i);
      }
      check = null;
      render();
      const kind = actionKind();
      if (kind && selected.size) send({ op: "check", kind, cards: selectedCards() });
    } else if (f.type === "replay") {
      replay = { hand: f.hand, tricks: f.tricks, result: f.result, i: 0 };
      renderReplay();
    } else if (f.type === "review") {
      reviews[f.hand] = f.ready ? f.marks : null;
      if (replay && replay.hand === f.hand) renderReplay();
    }
  }

  // The trick log: a state carries it whole (``tricks``: the first one, or one asked for) or only its length
  // (``trick_count``): one more than known appends ``last_trick``. False when a trick was missed.
  function mergeLog(pub) {
    if (pub.tricks) log = { hand: pub.hand_number, tricks: pub.tricks };
    else if (pub.trick_count === undefined || pub.trick_count === 0) log = { hand: pub.hand_number, tricks: [] };
    else if (log.hand !== pub.hand_number) return false;
    else if (pub.trick_count === log.tricks.length + 1 && pub.last_trick) log.tricks = [...log.tricks, pub.last_trick];
    else if (pub.trick_count !== log.tricks.length) return false;
    pub.tricks = log.tricks;
    return true;
  }

  // A trick that the last state finished stays in the centre for HOLD_MS (as it was: four plays, the winner
  // marked) before the next trick's plays show; "last trick" keeps it after that.
  function holdFinishedTrick(pub) {
    const n = (pub.tricks || []).length;
    const key = `${pub.hand_number}:${n}`;
    const prev = seenTricks;
    seenTricks = key;
    if (prev === null || prev === key || !pub.last_trick || prev !== `${pub.hand_number}:${n - 1}`) return;
    held = { trick: pub.last_trick, until: Date.now() + HOLD_MS };
    setTimeout(() => { if (held && Date.now() >= held.until) { held = null; if (state) renderTrick(); } }, HOLD_MS + 20);
  }

  function banner(text) { $("banner").hidden = !text; $("banner").textContent = text; }
  function explain(text, bad, key) {  // key: the refusal's message key, if any (data-key)
    const box = $("explain");
    box.textContent = text; box.classList.toggle("bad", !!bad); box.dataset.key = key || "";
  }

  // -- rendering --------------------------------------------------------------------------------------------
  const POS = ["bottom", "right", "top", "left"];
  function place(seat) {
    const me = state && state.you >= 0 ? state.you : 0;
    return POS[(seat - me + 4) % 4];
  }
  function nameOf(seat) { return state.public.seats[seat] ? state.public.seats[seat].name : "-"; }
  function suitName(trump) {
    if (!trump) return tr("web.undecided");
    if (trump === "NT") return tr("web.no_trump");
    return SUIT_SYMBOL[trump] || trump;
  }

  // The one seat whose turn it is (its box highlighted, the clock on it); none while dealing and declaring, when
  // every seat may declare and the clock is the declaration window's.
  function turnSeat() {
    const pub = state.public, toAct = pub.to_act || [];
    return toAct.length === 1 && !["dealing", "declaring"].includes(pub.phase) ? toAct[0] : null;
  }

  function cardText(code) {
    const { rank, suit } = cardParts(code);
    if (!suit) return rank === "BJ" ? tr("web.big_joker") : tr("web.small_joker");
    return rank + SUIT_SYMBOL[suit];
  }

  // The declaration Declare makes with nothing selected: the longest (strongest) one the seat holds.
  function defaultDeclaration() {
    const all = state.private ? state.private.declarations : [];
    return all.reduce((best, d) => (!best || d.length > best.length ? d : best), null);
  }

  // What to do now, when nothing is selected: declare (the level cards are outlined) or bury N cards.
  function guidance() {
    const p = state.private, kind = actionKind();
    if (kind === "declare") {
      const d = defaultDeclaration();
      return d ? tr("web.declare_hint", { cards: d.map(cardText).join(" ") }) : tr("web.declare_none");
    }
    if (kind === "bury") return tr("web.bury_prompt", { n: p.bury });
    return "";
  }

  function render() {
    const pub = state.public;
    $("hand-no").textContent = pub.hand_number ? tr("web.hand_no", { n: pub.hand_number }) : "#" + pub.table_id;
    $("phase").textContent = pub.phase ? tr("web.phase." + pub.phase) : tr("web.lobby");
    $("trump").textContent = pub.phase ? `${tr("web.trump")} ${suitName(pub.trump)} · ${tr("web.level")} ${pub.level}` : "";
    $("trump").classList.toggle("red", pub.trump === "H" || pub.trump === "D");
    $("levels").innerHTML = "";
    if (pub.levels) {
      $("levels").textContent = tr("web.levels") + " ";
      pub.levels.forEach((lv, team) => {
        const span = document.createElement("span");
        span.className = "team" + team;
        span.title = tr("web.team", { n: team + 1 }) + ": " + nameOf(team) + " / " + nameOf(team + 2);
        span.textContent = lv;
        if (team) $("levels").appendChild(document.createTextNode(" : "));
        $("levels").appendChild(span);
      });
    }
    $("points").textContent = pub.phase ? `${tr("web.points")} ${pub.points}` : "";
    for (let s = 0; s < 4; s++) renderSeat(s);
    renderTrick();
    renderHand();
    renderActions();
    renderSide();
    renderSummary();
    tick();
  }

  function renderSeat(seat) {
    const pub = state.public;
    const el = $("seat-" + place(seat));
    const info = pub.seats[seat] || { name: "-" };
    el.className = "seat" + (turnSeat() === seat ? " turn" : "")
      + (seat === state.you ? " mine" : "") + (seat % 2 === 0 ? " team0" : " team1");
    el.innerHTML = "";
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = info.name || "-";
    if (info.away) name.insertAdjacentHTML("beforeend", ` <small>${tr("web.away")}</small>`);
    el.appendChild(name);
    const meta = document.createElement("div");
    meta.className = "meta";
    const count = pub.hand_sizes ? tr("web.cards", { n: pub.hand_sizes[seat] }) : "";
    meta.textContent = count + (pub.dealer === seat ? " · " + tr("web.dealer") : "");
    el.appendChild(meta);
    const clock = document.createElement("div");
    clock.className = "seat-clock";
    el.appendChild(clock);
  }

  function renderTrick() {
    const pub = state.public;
    const box = $("trick");
    box.innerHTML = "";
    if (held && Date.now() >= held.until) held = null;
    const trick = held ? held.trick : (pub.trick && pub.trick.plays.length ? pub.trick : null);
    box.classList.toggle("done", !!held);
    for (const [seat, cards] of trick ? trick.plays : []) {
      const slot = document.createElement("div");
      slot.className = "play at-" + place(seat) + (trick.winner === seat ? " winning" : "");
      slot.appendChild(cardsRow(cards, texts));
      if (held && trick.winner === seat) {
        const won = document.createElement("small");
        won.className = "won";
        won.textContent = tr("web.trick_won", { points: trick.points });
        slot.appendChild(won);
      }
      box.appendChild(slot);
    }
    const decl = pub.declaration;
    $("declaration").innerHTML = "";
    if (decl && ["dealing", "declaring", "burying", "kitty_overcall"].includes(pub.phase)) {
      const d = $("declaration");
      d.textContent = `${nameOf(decl.seat)}: `;
      d.appendChild(cardsRow(decl.cards, texts));
    }
  }

  function selectedCards() {
    const hand = state && state.private ? state.private.hand : [];
    return [...selected].sort((a, b) => a - b).map((i) => hand[i]);
  }
  function sameCards(a, b) { return [...a].sort().join(" ") === [...b].sort().join(" "); }

  function actionKind() {
    const p = state.private;
    if (!p || !p.your_turn) return null;
    if (p.bury) return "bury";
    if (state.public.phase === "playing") return "play";
    if (p.declarations.length || p.can_pass) return "declare";
    return null;
  }

  function renderHand() {
    const box = $("hand");
    box.innerHTML = "";
    const p = state.private;
    box.hidden = !p;
    if (!p) return;
    const key = p.hand.join(" ");
    if (key !== handKey) { selected.clear(); check = null; handKey = key; explain(guidance(), false); }
    const legal = new Set(p.legal);
    const declarable = new Set(actionKind() === "declare" ? p.declarations.flat() : []);
    const following = state.public.phase === "playing" && p.your_turn && state.public.trick
      && state.public.trick.plays.length > 0;
    p.hand.forEach((code, i) => {
      const el = cardElement(code, texts, { button: true });
      el.type = "button";
      el.setAttribute("role", "option");
      el.setAttribute("aria-selected", selected.has(i) ? "true" : "false");
      if (selected.has(i)) el.classList.add("selected");
      if (p.your_turn && legal.has(code)) el.classList.add("legal");
      if (following && !legal.has(code)) el.classList.add("dim");
      if (declarable.has(code)) el.classList.add("declarable");
      el.addEventListener("click", () => toggle(i));
      box.appendChild(el);
    });
    $("kitty").innerHTML = "";
    if (p.kitty && p.kitty.length && state.public.phase !== "playing") {
      $("kitty").textContent = tr("web.kitty") + ": ";
      $("kitty").appendChild(cardsRow(p.kitty, texts));
    }
  }

  let checkTimer = 0;
  function toggle(i) {
    if (selected.has(i)) selected.delete(i); else selected.add(i);
    check = null;
    renderHand();
    renderActions();
    const kind = actionKind();
    clearTimeout(checkTimer);
    const p = state.private;
    if (kind === "bury" && selected.size !== p.bury) {
      explain(tr("web.bury_progress", { k: selected.size, n: p.bury }), false);
    } else if (kind && selected.size) {
      checkTimer = setTimeout(() => send({ op: "check", kind, cards: selectedCards() }), 60);
    } else {
      explain(selected.size ? tr("web.selected", { n: selected.size }) : guidance(), false);
    }
  }

  function button(label, cls, onClick, enabled) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "act " + cls;
    b.textContent = label;
    b.disabled = !enabled;
    b.addEventListener("click", onClick);
    return b;
  }

  function act(kind) {
    const p = state.private;
    let cards = kind === "pass" ? [] : selectedCards();
    if (kind === "declare" && !cards.length) cards = defaultDeclaration() || [];
    send({ op: "act", kind, cards, version: p.version });
  }

  function renderActions() {
    const box = $("actions");
    box.innerHTML = "";
    const p = state && state.private;
    if (!p) { $("turn").textContent = tr("web.spectator"); return; }
    const kind = actionKind();
    const ok = !!(check && check.ok && sameCards(check.cards, selectedCards()));
    if (check && !check.ok && sameCards(check.cards, selectedCards())) explain(check.text, true);
    else if (ok) explain(tr("web.selected", { n: selected.size }), false);
    else if (!selected.size && guidance() && !$("explain").classList.contains("bad")) explain(guidance(), false);
    if (kind === "play") box.appendChild(button(tr("web.play"), "main", () => act("play"), ok));
    if (kind === "bury") box.appendChild(button(tr("web.bury"), "main", () => act("bury"), ok));
    if (kind === "declare") {
      if (p.declarations.length) box.appendChild(button(tr("web.declare"), "main", () => act("declare"), ok || !selected.size));
      if (p.can_pass) box.appendChild(button(tr("web.pass"), "pass", () => act("pass"), true));
    }
    if (kind && kind !== "declare") box.appendChild(button(tr("web.hint"), "hint", () => send({ op: "suggest" }), true));
    if (selected.size) {
      box.appendChild(button(tr("web.clear"), "", () => { selected.clear(); check = null; explain(guidance(), false); render(); }, true));
    }
  }

  // what static/sheet.js and static/review.js use of the page (texts: the current locale's)
  function ui(rerender) { return { button, tr, nameOf, texts, send, rerender, you: state ? state.you : -1 }; }

  function renderSide() {
    const pub = state.public;
    const lend = ui(render);
    $("last-trick").innerHTML = "";
    if (pub.last_trick) $("last-trick").appendChild(trickLine(pub.last_trick, (pub.tricks || []).length - 1, lend, "div"));
    const log = $("log");
    log.innerHTML = "";
    (pub.tricks || []).forEach((t, i) => log.appendChild(trickLine(t, i, lend)));
    const res = $("results");
    res.innerHTML = "";
    for (const r of pub.results || []) {
      const li = document.createElement("li");
      li.textContent = `${tr("web.hand_no", { n: r.hand })} · ${tr("web.points")} ${r.points} · ${r.levels_before.join(":")} → ${r.levels_after.join(":")} `;
      li.appendChild(button(tr("web.replay"), "small replay", () => send({ op: "replay", hand: r.hand }), true));
      res.appendChild(li);
    }
  }

  function renderSummary() {
    if (replay) return;
    const pub = state.public, r = pub.last_result;
    if ((pub.phase === "hand_over" || pub.phase === "match_over") && r && r.hand !== dismissed) summaryHand = r.hand;
    const over = !!(r && summaryHand === r.hand && dismissed !== r.hand);
    $("overlay").hidden = !over;
    if (!over) return;
    summarySheet($("sheet"), pub, ui(render), closeSheet);
  }

  function renderReplay() {
    $("overlay").hidden = false;
    replaySheet($("sheet"), replay, reviews, ui(renderReplay), closeSheet);
  }

  // Close the replay (back to the summary if it is still up), else the summary.
  function closeSheet() {
    if (replay) replay = null; else dismissed = summaryHand;
    $("overlay").hidden = true;
    if (state) render();
  }

  function tick() {
    if (!state) return;
    const pub = state.public;
    const toAct = pub.to_act || [];
    const mine = state.private && state.private.your_turn;
    let turn = "";
    if (mine) turn = tr("web.your_turn");
    else if (toAct.length === 1 && pub.phase !== "dealing") turn = tr("web.turn_of", { name: nameOf(toAct[0]) });
    else if (!state.private) turn = tr("web.spectator");
    $("turn").textContent = turn;
    let clock = "";
    if (pub.deadline) {
      const left = Math.max(0, Math.round(pub.deadline - (Date.now() / 1000 + clockOffset)));
      const h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = String(left % 60).padStart(2, "0");
      clock = tr("web.clock", { time: h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}` });
    }
    $("clock").textContent = clock;
    document.querySelectorAll(".seat .seat-clock").forEach((el) => { el.textContent = ""; });
    const seat = turnSeat();
    if (seat !== null && clock) $("seat-" + place(seat)).querySelector(".seat-clock").textContent = clock;
    // a summary or replay left open over the next hand: its turn and clock stay in sight, above the sheet
    const needed = !$("overlay").hidden && !!pub.phase && !["hand_over", "match_over"].includes(pub.phase)
      && (mine || pub.phase === "declaring");
    $("sheet-turn").hidden = !needed;
    if (needed) $("sheet-turn-text").textContent = [turn || tr("web.phase." + pub.phase), clock].filter(Boolean).join(" · ");
  }

  $("lang").addEventListener("click", async () => {
    locale = locale === "en" ? "zh-CN" : "en";
    if (!activity) history.replaceState(null, "", `/table/${tableId}?lang=${locale}`);
    await loadTexts();
    if (state) render();
  });
  $("overlay").addEventListener("click", (e) => { if (e.target === $("overlay")) closeSheet(); });
  $("sheet-back").addEventListener("click", () => { replay = null; dismissed = summaryHand; $("overlay").hidden = true; render(); });
  if (window.innerWidth >= 900) $("log-box").open = true;  // desktop: the trick log beside the table
  setInterval(tick, 1000);
  if (!activity) {
    loadTexts().then(connect);
    return;
  }
  // The Activity's bundle (static/build/activity.js) hands over its sign-in: Discord's code, exchanged by the server.
  window.tractorActivity = async (signIn) => {
    await loadTexts();
    banner(tr("activity.signing_in"));
    try {
      const answer = await signIn();
      tableId = answer.table_id; session = answer.session;
      if (answer.locale !== locale) { locale = answer.locale; await loadTexts(); }
      connect();
    } catch (err) {
      closedForGood = true;
      banner((err && err.message) || tr("activity.code_refused"));
    }
  };
})();
