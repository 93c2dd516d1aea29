// Cards as the page shows them: "10H" -> rank "10", suit "H"; jokers "SJ" / "BJ".
"use strict";
const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", C: "\u2663", D: "\u2666" };
const RED = new Set(["H", "D"]);

function cardParts(code) {
  if (code === "SJ" || code === "BJ") return { rank: code, suit: "" };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function cardElement(code, texts, extra) {
  const { rank, suit } = cardParts(code);
  const el = document.createElement(extra && extra.button ? "button" : "span");
  el.className = "card";
  el.dataset.code = code;
  if (!suit) {
    el.classList.add("joker", rank === "BJ" ? "red" : "black");
    el.innerHTML = `<b>\u2605</b><i>${rank === "BJ" ? (texts["web.big_joker"] || "BJ") : (texts["web.small_joker"] || "SJ")}</i>`;
  } else {
    if (RED.has(suit)) el.classList.add("red");
    el.innerHTML = `<b>${rank}</b><i>${SUIT_SYMBOL[suit]}</i>`;
  }
  el.setAttribute("aria-label", code);
  return el;
}

function cardsRow(codes, texts) {
  const row = document.createElement("span");
  row.className = "cards";
  for (const c of codes) row.appendChild(cardElement(c, texts));
  return row;
}
