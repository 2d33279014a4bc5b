// Actions a renderer has no control of its own for (a game's own decisions, such as
// Boerenbridge's choice of trumps) are shown as plain buttons, so every legal action can be taken.

import { h } from "../lib/dom.js";
import { t, has } from "../lib/i18n.js";
import { cardLabel, suitIcon, SUITS } from "../lib/cards.js";

function valueLabel(value) {
  if (SUITS.includes(value)) return t(`suits.${value}`);
  if (value === "NT") return t("strain.NT");
  const key = `value.${value}`;
  return has(key) ? t(key) : String(value);
}

export function actionLabel(action) {
  const parts = [];
  const key = `action.${action.type}`;
  parts.push(has(key) ? t(key) : action.type);
  if (action.value !== undefined && action.value !== null) parts.push(valueLabel(action.value));
  if (action.card) parts.push(cardLabel(action.card));
  if (action.seat) parts.push(`→ ${has(`seat.long.${action.seat}`) ? t(`seat.long.${action.seat}`) : action.seat}`);
  if (action.cards) parts.push(action.cards.map(cardLabel).join(", "));
  for (const [name, value] of Object.entries(action)) {
    if (!["type", "value", "card", "seat", "cards"].includes(name)) parts.push(`${name}: ${JSON.stringify(value)}`);
  }
  return parts.join(" ");
}

/** Buttons for the legal actions a renderer has no control of its own for (`handled`). */
export function otherActions(legal, send, handled = new Set(["call", "play", "bid"])) {
  const others = legal.filter((action) => !handled.has(action.type));

  if (!others.length) return null;
  return h("div", { class: "other-actions", role: "group", "aria-label": t("actions") },
    others.map((action, i) => h("button", {
      type: "button",
      class: "btn action-btn",
      dataset: { focus: `action-${i}`, action: action.type },
      onclick: () => send(action),
    }, SUITS.includes(action.value) ? suitIcon(action.value) : null, actionLabel(action))));
}
