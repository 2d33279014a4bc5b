// Hands on the table: a fan of cards (yours, or a hand faced at the top), suit rows (a hand
// faced at the side), or the backs of a hidden hand.  Playable cards are buttons.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { cardFace, cardBack, cardButtonLabel, bySuit, suitIcon } from "../lib/cards.js";

function slot(card, { playable, onPlay, suitStart, compact = undefined }) {
  const face = cardFace(card, { label: !playable, compact });
  const classes = `slot${suitStart ? " suit-start" : ""}`;
  if (!playable) return h("span", { class: `${classes}${onPlay ? " unplayable" : ""}`, dataset: { slot: card } }, face);
  return h("button", {
    type: "button",
    class: `${classes} playable`,
    "aria-label": cardButtonLabel(card),
    dataset: { slot: card, focus: `card-${card}` },
    onclick: () => onPlay(card),
  }, face);
}

/** Once the focused card is played, focus moves to its neighbour (or the first playable). */
function focusChain(slots) {
  slots.forEach((element, i) => {
    const next = slots[i + 1] || slots[i - 1];
    if (next) element.dataset.focusNext = `card-${next.dataset.slot}`;
  });
  const first = slots.find((element) => element.tagName === "BUTTON");
  if (first) first.dataset.focusDefault = "1";
}

/** A fan: every card in one row, suits together, overlapping to fit the width. */
export function fan(cards, { playable = null, onPlay = null, trump = null, label = "", className = "" } = {}) {
  const { groups, other } = bySuit(cards, trump);
  const slots = [];
  for (const suitCards of [...Object.values(groups), other]) {
    suitCards.forEach((card, i) => {
      slots.push(slot(card, { playable: playable && playable.has(card), onPlay, suitStart: i === 0 && slots.length > 0 }));
    });
  }
  focusChain(slots);
  return h("div", { class: `hand fan ${className}`, role: "group", "aria-label": label }, slots);
}

/** A hand faced at the side of the table: one row per suit. */
export function suitRows(cards, { playable = null, onPlay = null, trump = null, label = "", className = "" } = {}) {
  const { groups, other } = bySuit(cards, trump);
  const all = [];
  const make = (card) => {
    const element = slot(card, { playable: playable && playable.has(card), onPlay, suitStart: false, compact: true });
    all.push(element);
    return element;
  };
  const rows = Object.entries(groups).map(([suit, suitCards]) => h("div", { class: `suit-row suit-${suit}` },
    h("span", { class: "suit-row-icon" }, suitIcon(suit)),
    suitCards.length
      ? h("div", { class: "suit-row-cards" }, suitCards.map(make))
      : h("span", { class: "void", "aria-label": t("void") }, "—")));
  if (other.length) rows.push(h("div", { class: "suit-row" }, h("div", { class: "suit-row-cards" }, other.map(make))));
  focusChain(all);
  return h("div", { class: `hand rows ${className}`, role: "group", "aria-label": label }, rows);
}

/** A hidden hand: its backs, and how many cards it holds (read out to screen readers). */
export function backs(count, { label = "" } = {}) {
  const slots = [];
  for (let i = 0; i < count; i += 1) slots.push(h("span", { class: "slot" }, cardBack()));
  return h("div", { class: "hand fan backs", role: "img", "aria-label": `${label} ${t("cards.count", { n: count })}`.trim() }, slots);
}
