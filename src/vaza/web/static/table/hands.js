// Hands on the table: a fan of cards (yours, or a hand faced at the top), suit rows (a hand
// faced at the side), or the backs of a hidden hand.  Playable cards are buttons.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { rovingFocus } from "../lib/keyboard.js";
import { currentSettings } from "../lib/session.js";
import { announce } from "../lib/announce.js";
import { PHONE_QUERY } from "./bidding.js";

/** The card pressed once under the slip guard, waiting for its second press (kept across
 *  redraws: an update may come between the two). */
const armed = { card: null };

/** Whether a card is played only on its second press ("confirm each card"): the setting, or,
 *  never set, on a phone (where a finger slips) and not at a desk. */
export function confirmsCards() {
  const chosen = currentSettings().confirm_cards;
  return chosen === null || chosen === undefined ? window.matchMedia(PHONE_QUERY).matches : Boolean(chosen);
}

/** A press on a playable card: played at once, or under the guard armed first, then played on
 *  a second press of the same card (another card pressed is armed instead). */
function press(card, onPlay, button) {
  if (!confirmsCards() || armed.card === card) {
    armed.card = null;
    onPlay(card);
    return;
  }
  armed.card = card;
  for (const other of document.querySelectorAll("button.slot.armed")) {
    other.classList.remove("armed");
    other.removeAttribute("aria-pressed");
  }
  button.classList.add("armed");
  button.setAttribute("aria-pressed", "true");
  announce(t("confirm.card", { card: cardLabel(card) }));
}
import { cardFace, cardBack, cardButtonLabel, cardLabel, bySuit, suitIcon } from "../lib/cards.js";

function slot(card, { playable, onPlay, suitStart, compact = undefined }) {
  const face = cardFace(card, { label: !playable, compact });
  const classes = `slot${suitStart ? " suit-start" : ""}`;
  if (!playable) return h("span", { class: `${classes}${onPlay ? " unplayable" : ""}`, dataset: { slot: card } }, face);
  const ready = armed.card === card && confirmsCards();
  return h("button", {
    type: "button",
    class: `${classes} playable${ready ? " armed" : ""}`,
    "aria-label": cardButtonLabel(card),
    "aria-pressed": ready ? "true" : null,
    dataset: { slot: card, focus: `card-${card}` },
    onclick: (event) => press(card, onPlay, event.currentTarget),
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
  const hand = h("div", { class: `hand fan ${className}`, role: "group", "aria-label": label }, slots);
  rovingFocus(hand, "button.slot.playable");
  return hand;
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
  const hand = h("div", { class: `hand rows ${className}`, role: "group", "aria-label": label }, rows);
  rovingFocus(hand, "button.slot.playable");
  return hand;
}

/** A hidden hand: its backs, and how many cards it holds (read out to screen readers). */
export function backs(count, { label = "" } = {}) {
  const slots = [];
  for (let i = 0; i < count; i += 1) slots.push(h("span", { class: "slot" }, cardBack()));
  return h("div", { class: "hand fan backs", role: "img", "aria-label": `${label} ${t("cards.count", { n: count })}`.trim() }, slots);
}
