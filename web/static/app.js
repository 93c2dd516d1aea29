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
  let switching = false;     // the socket closed to reopen in the new language
  let replay = null;         // {hand, tricks, result, i, review, note}
  const calls = [];          // 找朋友: the dealer's picks in its call step ({card, ordinal}), sent with the bury
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
    if (locale === "zh-CN") await cjkFont();
    labels();
  }
  let cjkReady = false;  // the English page's "中文" button is labelled once the font is there

  // Chinese waits for the CJK font (a system copy, else the bundled one: 16 MB once, then cached) up to 8 s:
  // Chromium shows Chinese laid out while the font loads as boxes even after it arrived.
  function cjkFont() {
    const wait = new Promise((done) => setTimeout(done, 8000));
    const load = document.fonts.load('1em "Tractor CJK"', "\u4e2d\u6587").catch(() => null);
    return Promise.race([load, wait]).then(() => { cjkReady = true; });
  }

  function labels() {
    document.documentElement.lang = locale;
    document.title = tr("web.title");
    $("lang").textContent = locale === "en" && !cjkReady ? "ZH" : tr("web.language");
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
      if (switching) { switching = false; connect(); return; }  // the language switched: the socket says it
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
      const merged = mergeLog(log, f.public);
      if (!merged) { send({ op: "state" }); return; }  // missed a trick: ask for the whole state
      log = merged;
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
      selected.clear(); check = null; explain(tr("web.sent"), false, "web.sent");
    } else if (f.type === "suggest") {
      const hand = state.private ? state.private.hand : [];
      selected.clear();
      for (const code of f.cards) {
        const i = hand.findIndex((c, j) => c === code && !selected.has(j));
        if (i >= 0) selected.add(i);
      }
      if (f.calls && f.calls.length) calls.splice(0, calls.length, ...f.calls);  // 找朋友: the AI's calls too
      check = null; render();
      const kind = actionKind();
      if (kind && selected.size) send({ op: "check", kind, cards: selectedCards(), ...callsPart(kind) });
    } else if (f.type === "replay") {
      replay = { hand: f.hand, tricks: f.tricks, result: f.result, i: 0 };
      renderReplay();
    } else if (f.type === "review") {
      reviews[f.hand] = f.ready ? f.marks : null;
      if (replay && replay.hand === f.hand) renderReplay();
    }
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
  let said = null;  // {key, params, bad}: what the explain line says, to say again in another language
  function explain(text, bad, key, params) {  // key: the message key, if any (data-key)
    const box = $("explain");
    box.textContent = text; box.classList.toggle("bad", !!bad); box.dataset.key = key || "";
    said = key ? { key, params, bad } : null;
  }
  function explainAgain() {  // after a language switch: the same line in the new language, if the page has it
    const s = texts[said && said.key];
    if (!s || (!said.params && s.includes("{"))) explain("", false);
    else explain(tr(said.key, said.params), said.bad, said.key, said.params);
  }

  // -- rendering --------------------------------------------------------------------------------------------
  function place(seat) {  // the box of a seat: the page's own at the bottom, the others in playing order
    const me = state && state.you >= 0 ? state.you : 0, n = seatCount(state.public);
    return placeName((seat - me + n) % n, n);
  }
  function nameOf(seat) {  // the demo's "You" in the page's language
    const info = state.public.seats[seat];
    if (!info) return "-";
    return info.you && seat === state.you ? tr("web.you") : info.name;
  }
  // What to do now, when nothing is selected: declare (the level cards are outlined) or bury N cards.
  function guidance() {
    const p = state.private, kind = actionKind();
    if (kind === "declare") {
      const d = strongestDeclaration(p);
      return d ? tr("web.declare_hint", { cards: d.map((c) => cardText(c, tr)).join(" ") }) : tr("web.declare_none");
    }
    if (kind === "bury") return tr("web.bury_prompt", { n: p.bury });
    return "";
  }

  function render() {
    const pub = state.public;
    headerBar(pub, view());
    ringLayout($("table"), seatCount(pub));
    for (let s = 0; s < seatCount(pub); s++) renderSeat(s);
    renderTrick();
    renderHand();
    renderActions();
    renderSide();
    renderSummary();
    tick();
  }

  // the table's boxes (static/table.js)
  function view() { return { state, tr, texts, nameOf, place }; }
  function renderSeat(seat) { seatBox($("seat-" + place(seat)), seat, view()); }
  function renderTrick() {
    if (held && Date.now() >= held.until) held = null;
    const pub = state.public;
    const trick = held ? held.trick : (pub.trick && pub.trick.plays.length ? pub.trick : null);
    if (seatCount(pub) === 4) trickBox($("trick"), trick, !!held, view());
    else { $("trick").innerHTML = ""; ringTrick(trick, !!held, view()); }
    declarationLine($("declaration"), pub, view());
    callsBox($("calls"), pub, view());
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
    const box = $("hand"), p = state.private;
    box.innerHTML = ""; box.hidden = !p;
    if (!p) return;
    const key = p.hand.join(" ");
    if (key !== handKey) { selected.clear(); check = null; handKey = key; explain(guidance(), false); }
    const declarable = new Set(actionKind() === "declare" ? p.declarations.flat() : []);
    const following = state.public.phase === "playing" && p.your_turn && state.public.trick
      && state.public.trick.plays.length > 0;
    handRows(box, p, { selected, declarable, following, texts, tap: toggle });
    const keep = p.hand.filter((_, i) => !selected.has(i));
    callStep($("call-step"), actionKind() === "bury" ? p : null, calls, keep, view(), callsChanged);
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
      checkTimer = setTimeout(() => send({ op: "check", kind, cards: selectedCards(), ...callsPart(kind) }), 60);
    } else {
      explain(selected.size ? tr("web.selected", { n: selected.size }) : guidance(), false);
    }
  }

  // 找朋友: the dealer's calls go with its bury (checked with it)
  function callsPart(kind) {
    return kind === "bury" && state.private.calls ? { calls: calls.map((c) => ({ ...c })) } : {};
  }
  function callsChanged() {
    check = null; renderHand(); renderActions();
    if (selected.size === state.private.bury) send({ op: "check", kind: "bury", cards: selectedCards(), ...callsPart("bury") });
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
    if (kind === "declare" && !cards.length) cards = strongestDeclaration(p) || [];
    send({ op: "act", kind, cards, version: p.version, ...callsPart(kind) });
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
  function ui(rerender) {
    return { button, tr, nameOf, texts, send, rerender, you: state ? state.you : -1, players: seatCount(state.public) };
  }

  function renderSide() {
    const pub = state.public;
    const lend = ui(render);
    $("last-trick").innerHTML = "";
    if (pub.last_trick) $("last-trick").appendChild(trickLine(pub.last_trick, (pub.tricks || []).length - 1, lend, "div"));
    // the trick log keeps its scroll position (it was rebuilt, back at the top, by every state); at the bottom,
    // it follows the newest trick
    const box = $("log-box"), log = $("log");
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4, top = box.scrollTop;
    log.innerHTML = "";
    (pub.tricks || []).forEach((t, i) => log.appendChild(trickLine(t, i, lend)));
    box.scrollTop = atEnd ? box.scrollHeight : top;
    const res = $("results");
    res.innerHTML = "";
    for (const r of pub.results || []) {
      const li = document.createElement("li");
      li.textContent = resultLine(r, lend);
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
    const clock = clockText(pub.deadline, clockOffset, tr);
    $("clock").textContent = clock;
    document.querySelectorAll(".seat .seat-clock").forEach((el) => { el.textContent = ""; });
    const seat = turnSeat(state.public);
    if (seat !== null && clock) $("seat-" + place(seat)).querySelector(".seat-clock").textContent = clock;
    // a summary or replay left open over the next hand: its turn and clock stay in sight, above the sheet
    const needed = !$("overlay").hidden && !!pub.phase && !["hand_over", "match_over"].includes(pub.phase)
      && (mine || pub.phase === "declaring");
    $("sheet-turn").hidden = !needed;
    if (needed) $("sheet-turn-text").textContent = [turn || tr("web.phase." + pub.phase), clock].filter(Boolean).join(" · ");
  }

  // The bundled CJK font arrives after the first Chinese text was laid out (Chromium then keeps that text as
  // boxes): once it is loaded, every text is set again.
  document.fonts.addEventListener("loadingdone", () => { labels(); explainAgain(); if (state) render(); });
  cjkFont().then(() => { if (Object.keys(texts).length) labels(); });
  $("lang").addEventListener("click", async () => {
    locale = locale === "en" ? "zh-CN" : "en";
    if (!activity) history.replaceState(null, "", `/table/${tableId}?lang=${locale}`);
    await loadTexts();
    explainAgain();
    if (state) render();
    if (ws && ws.readyState === WebSocket.OPEN) { switching = true; ws.close(); }  // the server's texts follow
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
