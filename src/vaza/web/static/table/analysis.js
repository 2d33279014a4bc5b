// The double-dummy table and par of a finished deal, and where the tricks went (each card's cost
// against double dummy), shown when the server sends them (an optional "analysis" in a deal's
// summary, or an "analysis" WebSocket message).
// Accepted shapes: {"table": {"N": {"C": 8, …, "NT": 9}, …} or "N:8979a E:…",
//                   "par": {"score": 420, "contracts": [{"contract": "4S", "declarer": "N"}]},
//                   "play_cost": PlayCost.as_dict() (vaza.analysis.play_cost)}

import { h } from "../lib/dom.js";
import { t, formatNumber } from "../lib/i18n.js";
import { suitIcon, SEATS, STRAINS, parseCard, rankText, cardLabel } from "../lib/cards.js";
import { trickWinner } from "./tricks.js";

const DIGITS = "0123456789abcd";

function tableOf(raw) {
  if (!raw) return null;
  if (typeof raw === "object") return raw;
  const rows = {};
  for (const part of String(raw).split(/\s+/)) {
    const [seat, digits] = part.split(":");
    if (!seat || !digits || digits.length !== 5) continue;
    rows[seat.toUpperCase()] = Object.fromEntries(STRAINS.map((strain, i) => [strain, DIGITS.indexOf(digits[i].toLowerCase())]));
  }
  return Object.keys(rows).length ? rows : null;
}

function strainHead(strain) {
  return strain === "NT" ? t("nt.short") : suitIcon(strain);
}

function parContract(item) {
  const text = typeof item === "string" ? item : `${item.contract}${item.declarer ? ` ${t(`seat.${item.declarer}`)}` : ""}`;
  return text.replace(/NT/, t("nt.short"));
}

/** Double dummy and par, then "where the tricks went" when the analysis has it.
 *  `playCost: false` leaves the card costs out (an event's board, whose analysis may come from
 *  another table's play); `trick` and `onTrick` tie the cost rows to a replay. */
export function analysisView(analysis, { playCost = true, trick = null, onTrick = null } = {}) {
  if (!analysis) return null;
  const table = tableOf(analysis.table || analysis.dd || analysis.dd_table);
  const par = analysis.par;
  return h("section", { class: "analysis", "aria-label": t("analysis.title") },
    h("h3", null, t("analysis.title")),
    table ? h("table", { class: "dd-table" },
      h("caption", { class: "sr-only" }, t("analysis.caption")),
      h("thead", null, h("tr", null, h("th", null, ""), STRAINS.map((strain) => h("th", { scope: "col", class: `strain-${strain}`, "aria-label": t(strain === "NT" ? "strain.NT" : `suits.${strain}`) }, strainHead(strain))))),
      h("tbody", null, SEATS.filter((seat) => table[seat]).map((seat) => h("tr", null,
        h("th", { scope: "row" }, t(`seat.${seat}`)),
        STRAINS.map((strain) => {
          const tricks = table[seat][strain];
          return h("td", { class: tricks >= 7 ? "makes" : "" }, tricks === undefined ? "" : String(tricks));
        }))))) : null,
    par ? h("p", { class: "par" }, h("strong", null, `${t("analysis.par")}: `),
      (par.contracts || []).length ? par.contracts.map(parContract).join(", ") : t("passed.out"),
      typeof par.score === "number" ? ` (${t("side.NS")} ${par.score > 0 ? "+" : ""}${formatNumber(par.score)})` : "") : null,
    playCost ? playCostView(analysis.play_cost, { trick, onTrick }) : null);
}

// -- where the tricks went -------------------------------------------------------------------

/** The cards of a play cost in tricks: [{cards: [{seat, card, after, cost}], winner, after}].
 *  A trick has one card per seat; the last trick may be short (a claim). */
export function costTricks(cost) {
  const trump = cost.strain === "NT" ? null : cost.strain;
  const tricks = [];
  const cards = cost.cards || [];
  for (let i = 0; i < cards.length; i += SEATS.length) {
    const chunk = cards.slice(i, i + SEATS.length);
    const winner = chunk.length === SEATS.length ? trickWinner(chunk.map((c) => [c.seat, c.card]), trump) : null;
    tricks.push({ cards: chunk, winner, after: chunk[chunk.length - 1].after });
  }
  return tricks;
}

function cardText(text) {
  const card = parseCard(text);
  return h("span", { class: `cost-face suit-${card.suit}` }, h("b", null, rankText(card.rank)), suitIcon(card.suit));
}

function costLabel(entry) {
  const who = t(`seat.long.${entry.seat}`);
  const card = cardLabel(entry.card);
  return entry.cost ? t("cost.card.aria", { seat: who, card, n: entry.cost }) : t("cost.card.best", { seat: who, card });
}

function costCell(entry, winner) {
  const classes = ["cost-card"];
  if (entry.cost > 0) classes.push("costly");
  if (entry.seat === winner) classes.push("won");
  return h("td", { class: classes.join(" "), "aria-label": costLabel(entry), dataset: { costCard: entry.card, cost: String(entry.cost), seat: entry.seat } },
    h("span", { class: "cost-seat", "aria-hidden": "true" }, t(`seat.${entry.seat}`)),
    h("span", { "aria-hidden": "true" }, cardText(entry.card)),
    entry.cost > 0 ? h("span", { class: "cost-mark", "aria-hidden": "true" }, `−${entry.cost}`) : null);
}

/** "Where the tricks went": each card against double dummy, trick by trick (a card that gave
 *  tricks away is marked with how many), the declaring side's double-dummy tricks after each
 *  trick, and the tricks each seat and side gave away. */
export function playCostView(cost, { trick = null, onTrick = null } = {}) {
  if (!cost || !(cost.cards || []).length) return null;
  const tricks = costTricks(cost);
  const declaring = ["N", "S"].includes(cost.declarer) ? "NS" : "EW";
  const seats = cost.seats || {};
  // Dummy chooses no card: its cards are declarer's choices, charged to declarer (no column).
  const dummy = SEATS[(SEATS.indexOf(cost.declarer) + 2) % 4];
  const players = SEATS.filter((seat) => seat !== dummy);
  const sides = cost.sides || {};
  const head = (n) => (onTrick
    ? h("button", { type: "button", class: "linkish", "aria-label": t("replay.trick", { n, of: tricks.length }), "aria-pressed": String(trick === n - 1), dataset: { focus: `cost-trick-${n}` }, onclick: () => onTrick(n - 1) }, String(n))
    : String(n));
  return h("section", { class: "play-cost", "aria-label": t("cost.title") },
    h("h3", null, t("cost.title")),
    h("p", { class: "small cost-summary" },
      t("cost.summary", { seat: t(`seat.long.${cost.declarer}`), start: cost.start, final: cost.final })),
    // A region one may scroll by keyboard too (WCAG 2.1.1): focusable, and named.
    h("div", { class: "cost-scroll", tabindex: "0", role: "region", "aria-label": t("cost.caption") }, h("table", { class: "cost-table" },
      h("caption", { class: "sr-only" }, t("cost.caption")),
      h("thead", null, h("tr", null,
        h("th", { scope: "col" }, h("abbr", { title: t("trick") }, "#")),
        h("th", { scope: "col", colspan: SEATS.length }, t("cost.cards")),
        h("th", { scope: "col" }, h("abbr", { title: t("cost.after.about", { side: t(`side.${declaring}`) }) }, t("cost.after"))))),
      h("tbody", null, tricks.map((one, i) => h("tr", { class: `${trick === i ? "current" : ""}${one.cards.some((c) => c.cost > 0) ? " lost" : ""}`, dataset: { trick: String(i + 1) } },
        h("th", { scope: "row" }, head(i + 1)),
        one.cards.map((entry) => costCell(entry, one.winner)),
        one.cards.length < SEATS.length ? h("td", { colspan: SEATS.length - one.cards.length }) : null,
        h("td", { class: "dd-after" }, String(one.after))))))),
    h("table", { class: "cost-totals" },
      h("caption", null, t("cost.totals")),
      h("thead", null, h("tr", null, players.map((seat) => h("th", { scope: "col" }, t(`seat.${seat}`))), ["NS", "EW"].map((side) => h("th", { scope: "col", class: side === declaring ? "declaring" : "" }, t(`side.${side}`))))),
      h("tbody", null, h("tr", null,
        players.map((seat) => h("td", { class: seats[seat] ? "costly" : "", dataset: { seatCost: seat } }, String(seats[seat] ?? 0))),
        ["NS", "EW"].map((side) => h("td", { class: `${sides[side] ? "costly" : ""}${side === declaring ? " declaring" : ""}`, dataset: { sideCost: side } }, String(sides[side] ?? 0)))))),
    h("p", { class: "small muted" }, t("cost.legend")));
}

/** The cost of each card of trick `index`, by card (for badges on a replayed trick). */
export function trickCosts(cost, index) {
  if (!cost) return {};
  const one = costTricks(cost)[index];
  return one ? Object.fromEntries(one.cards.map((entry) => [entry.card, entry.cost])) : {};
}
