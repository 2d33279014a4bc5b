// Cards, suits and calls: reading the protocol's strings ("SA", "HT", "1NT", "Pass"),
// sorting a hand, high-card points, and drawing cards in HTML/SVG.

import { h, svg } from "./dom.js";
import { t } from "./i18n.js";
import { currentSettings } from "./session.js";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = "AKQJT98765432";
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const SEATS = ["N", "E", "S", "W"];
const RED = new Set(["H", "D"]);
const HCP = { A: 4, K: 3, Q: 2, J: 1 };

export function parseCard(text) {
  const suit = text[0];
  const rank = text.slice(1);
  if (SUITS.includes(suit) && (RANKS.includes(rank) || rank === "10")) {
    return { text, suit, rank: rank === "10" ? "T" : rank };
  }
  return { text, special: suit, number: rank };
}

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** Suits in the order a hand is laid out: colours alternate (or the four-colour order),
 *  the trump suit (if any) first, as dummy lays it out. */
export function suitOrder(trump = null, fourColours = currentSettings().four_colours) {
  let order = fourColours ? ["S", "H", "D", "C"] : ["S", "H", "C", "D"];
  if (trump && order.includes(trump)) {
    if (fourColours) order = [trump, ...order.filter((s) => s !== trump)];
    else {
      const red = RED.has(trump);
      const sameColour = order.filter((s) => s !== trump && RED.has(s) === red);
      const other = order.filter((s) => RED.has(s) !== red);
      order = [trump, other[0], sameColour[0], other[1]];
    }
  }
  return order;
}

export function sortHand(cards, trump = null) {
  const order = suitOrder(trump);
  const key = (text) => {
    const card = parseCard(text);
    if (card.special) return [card.special === "W" ? -1 : 9, Number(card.number) || 0];
    return [order.indexOf(card.suit), RANKS.indexOf(card.rank)];
  };
  return [...cards].sort((a, b) => {
    const [x1, y1] = key(a);
    const [x2, y2] = key(b);
    return x1 - x2 || y1 - y2;
  });
}

export function bySuit(cards, trump = null) {
  const groups = Object.fromEntries(suitOrder(trump).map((suit) => [suit, []]));
  const other = [];
  for (const text of sortHand(cards, trump)) {
    const card = parseCard(text);
    if (card.special) other.push(text);
    else groups[card.suit].push(text);
  }
  return { groups, other };
}

export function highCardPoints(cards) {
  return cards.reduce((sum, text) => sum + (HCP[parseCard(text).rank] || 0), 0);
}

export function suitIcon(suit, extra = "") {
  return svg("svg", { class: `suit-icon ${extra}`, viewBox: "0 0 100 100", "aria-hidden": "true" },
    svg("use", { href: `#suit-${suit}` }));
}

export function suitName(suit, plural = false) {
  return t(plural ? `suits.${suit}` : `suit.${suit}`);
}

/** A playable card's name: what it shows ("Q", "10"), then its words ("queen of spades"), so
 *  a person who speaks to the page says what they see (WCAG 2.5.3). */
export function cardButtonLabel(text) {
  const card = parseCard(text);
  return card.special ? cardLabel(text) : `${rankText(card.rank)}, ${cardLabel(text)}`;
}

/** A call button's name: its words, after the "1NT" it shows where the words differ. */
export function callButtonLabel(text) {
  const call = parseCall(text);
  if (call.kind === "X" || call.kind === "XX") return `${call.kind}, ${callLabel(text)}`;
  return call.kind === "bid" && call.strain === "NT" ? `${call.level}${t("nt.short")}, ${callLabel(text)}` : callLabel(text);
}

export function cardLabel(text) {
  const card = parseCard(text);
  if (card.special) return t(card.special === "W" ? "card.wizard" : "card.jester", { n: card.number });
  return t("card.name", { rank: t(`rank.${card.rank}`), suit: t(`suit.${card.suit}`) });
}

// Where the pips of each number card go (x, y in percent of the face).
const PIPS = {
  A: [[50, 50]],
  2: [[50, 14], [50, 86]],
  3: [[50, 14], [50, 50], [50, 86]],
  4: [[27, 14], [73, 14], [27, 86], [73, 86]],
  5: [[27, 14], [73, 14], [50, 50], [27, 86], [73, 86]],
  6: [[27, 14], [73, 14], [27, 50], [73, 50], [27, 86], [73, 86]],
  7: [[27, 14], [73, 14], [50, 32], [27, 50], [73, 50], [27, 86], [73, 86]],
  8: [[27, 14], [73, 14], [50, 32], [27, 50], [73, 50], [50, 68], [27, 86], [73, 86]],
  9: [[27, 12], [73, 12], [27, 38], [73, 38], [50, 50], [27, 62], [73, 62], [27, 88], [73, 88]],
  T: [[27, 12], [73, 12], [50, 25], [27, 38], [73, 38], [27, 62], [73, 62], [50, 75], [27, 88], [73, 88]],
};

function face(card) {
  if (card.rank in PIPS) {
    return h("span", { class: `face pips${card.rank === "A" ? " ace" : ""}` },
      PIPS[card.rank].map(([x, y]) => {
        const pip = suitIcon(card.suit, "pip");
        pip.style.left = `${x}%`;
        pip.style.top = `${y}%`;
        if (y > 50) pip.classList.add("flip");
        return pip;
      }));
  }
  // The court's big letter repeats the index: drawn by CSS (data-rank), so a card's text is
  // its rank once, the text a button's name begins with (WCAG 2.5.3, label in name).
  return h("span", { class: "face court" }, h("b", { dataset: { rank: card.rank } }), suitIcon(card.suit, "court-suit"));
}

/** A card face.  `compact` (a setting) shows only rank and suit, as seed 001's option. */
export function cardFace(text, { compact = currentSettings().compact_cards, label = true } = {}) {
  const card = parseCard(text);
  const props = { class: "card", dataset: { card: text } };
  if (label) {
    props.role = "img";
    props["aria-label"] = cardLabel(text);
  }
  if (card.special) {
    props.class += ` special special-${card.special}`;
    return h("span", props, h("b", null, card.special === "W" ? "W" : "J"), h("small", null, card.number));
  }
  props.class += ` suit-${card.suit}`;
  if (compact) {
    props.class += " compact";
    return h("span", props, h("b", { class: "rank" }, rankText(card.rank)), suitIcon(card.suit));
  }
  const index = () => h("span", { class: "idx" }, h("b", null, rankText(card.rank)), suitIcon(card.suit));
  const bottom = h("span", { class: "idx idx-bottom" }, h("b", { dataset: { rank: rankText(card.rank) } }), suitIcon(card.suit));
  return h("span", props, index(), face(card), bottom);
}

export function cardBack(label = null) {
  return h("span", { class: "card back", role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true" });
}

// -- calls ---------------------------------------------------------------------------------

export function parseCall(text) {
  if (text === "Pass" || text === "X" || text === "XX") return { kind: text };
  const level = Number(text[0]);
  return { kind: "bid", level, strain: text.slice(1) };
}

export function strainText(strain) {
  return strain === "NT" ? t("nt.short") : null;
}

/** A call drawn as players write it: "1♠", "3NT", "Pass", "X". */
export function callEl(text, extraClass = "") {
  const call = parseCall(text);
  const label = callLabel(text);
  if (call.kind !== "bid") {
    const short = { Pass: t("call.pass.short"), X: "X", XX: "XX" }[call.kind];
    return h("span", { class: `call call-${call.kind.toLowerCase()} ${extraClass}`, "aria-label": label, title: label }, short);
  }
  return h("span", { class: `call call-bid strain-${call.strain} ${extraClass}`, "aria-label": label, title: label },
    String(call.level), call.strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(call.strain));
}

export function callLabel(text) {
  const call = parseCall(text);
  if (call.kind === "Pass") return t("call.pass");
  if (call.kind === "X") return t("call.double");
  if (call.kind === "XX") return t("call.redouble");
  return t("call.bid", { level: call.level, strain: t(call.strain === "NT" ? "strain.NT" : `suits.${call.strain}`) });
}

/** A contract such as {level: 4, strain: "S", doubling: 1, declarer: "N"} as "4♠X N". */
export function contractEl(contract, withDeclarer = true) {
  if (!contract) return h("span", { class: "contract" }, t("passed.out"));
  const doubling = ["", "X", "XX"][contract.doubling] || "";
  const strain = contract.strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(contract.strain);
  // Bridge-Whist's book contract (level 0: six tricks) reads "book ♣".
  const level = contract.level === 0 ? `${t("contract.book")}\u00a0` : String(contract.level);
  return h("span", { class: `contract strain-${contract.strain}`, "aria-label": contractLabel(contract, withDeclarer) },
    level, strain, doubling, withDeclarer ? h("span", { class: "contract-by" }, t(`seat.${contract.declarer}`)) : null);
}

export function contractLabel(contract, withDeclarer = true) {
  if (!contract) return t("passed.out");
  const strain = t(contract.strain === "NT" ? "strain.NT" : `suits.${contract.strain}`);
  let text = contract.level === 0 ? t("contract.book.of", { strain }) : t("call.bid", { level: contract.level, strain });

  if (contract.doubling === 1) text += ` ${t("doubled")}`;
  if (contract.doubling === 2) text += ` ${t("redoubled")}`;
  if (withDeclarer) text += `, ${t("declarer.by", { seat: t(`seat.long.${contract.declarer}`) })}`;
  return text;
}
