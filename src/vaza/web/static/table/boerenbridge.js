// The Boerenbridge table: 3 to 7 seats around an oval (yours at the bottom), the turned trump
// card, the bids (the dealer's barred bid disabled and explained), tricks won against bids, and
// the score table round by round.

import { h } from "../lib/dom.js";
import { rovingFocus } from "../lib/keyboard.js";
import { t, formatNumber } from "../lib/i18n.js";
import { cardFace, cardBack, suitIcon } from "../lib/cards.js";
import { fan, backs } from "./hands.js";
import { otherActions } from "./actions.js";
import { PHONE_QUERY } from "./bidding.js";
import { seatPlate } from "./seats.js";
import { readyBox } from "./notices.js";

function labels(ctx) {
  return Object.keys(ctx.occupants).sort((a, b) => Number(a) - Number(b));
}

/** Where a seat sits on the ellipse: yours at the bottom, the others clockwise (to your left
 *  first).  `anchored` pulls a plate's edge in as it nears the rim, so it never leaves the felt. */
function place(index, me, count, radiusX, radiusY, anchored = false) {
  const r = (index - me + count) % count;
  const angle = ((90 + (r * 360) / count) * Math.PI) / 180;
  const x = 50 + radiusX * Math.cos(angle);
  const y = 50 + radiusY * Math.sin(angle);
  const style = { left: `${x}%`, top: `${y}%` };
  if (anchored) style.transform = `translate(-${x}%, -${y}%)`;
  return style;
}

function bidLine(view, seat) {
  const bid = view.bids ? view.bids[seat] : null;
  const won = view.tricks_won ? view.tricks_won[seat] : 0;
  if (bid === null || bid === undefined) return h("span", { class: "bid-line muted" }, view.phase === "bidding" ? t("boeren.nobid") : "");
  let state = "";
  if (view.phase === "over") state = bid === won ? " exact" : " missed";
  else if (won > bid) state = " missed";
  return h("span", { class: `bid-line${state}`, "aria-label": t("boeren.bidwon.aria", { bid, won }) },
    t("boeren.bid", { n: bid }), " · ", t("boeren.won", { n: won }));
}

function bidBox(ctx) {
  const { view } = ctx;
  const legal = ctx.live ? view.legal || [] : [];
  const bids = new Set(legal.filter((a) => a.type === "bid").map((a) => a.tricks));
  if (!bids.size) return null;
  const buttons = [];
  for (let n = 0; n <= view.hand_size; n += 1) {
    const barred = view.barred === n;
    buttons.push(h("button", {
      type: "button",
      class: `bid bid-n${barred ? " barred" : ""}`,
      disabled: !bids.has(n),
      dataset: { tricks: n, focus: `bid-${n}` },
      "aria-label": barred ? t("boeren.barred.aria", { n }) : t("boeren.bid.aria", { n }),
      title: barred ? t("boeren.barred", { n, size: view.hand_size }) : null,
      onclick: () => ctx.send({ type: "bid", tricks: n }),
    }, String(n)));
  }
  const box = h("div", { class: "bidding-box boeren-bids", role: "group", "aria-label": t("boeren.bidbox") },
    h("div", { class: "bid-row wrap" }, buttons),
    view.barred !== null && view.barred !== undefined ? h("p", { class: "barred-note small" }, t("boeren.barred", { n: view.barred, size: view.hand_size })) : null);
  rovingFocus(box, "button.bid"); // one Tab stop, the arrow keys between the bids
  return box;
}

/** The trick's cards between the centre and the plates; six or seven plates come closer to the
 *  centre, so the cards do too (they covered a plate's bid and tricks won). */
function trickCards(cards, ctx, me, count, winner) {
  const phone = window.matchMedia(PHONE_QUERY).matches; // a tall felt: the cards in a tall ring
  const [radiusX, radiusY] = count < 6 ? [31, 32] : phone ? [16, 26] : [22, 24];
  return cards.map(([seat, card], i) => h("div", {
    class: `played-oval${seat === winner ? " winner" : ""}`,
    style: { ...place(Number(seat), me, count, radiusX, radiusY), zIndex: String(i + 1) },
    "aria-label": `${ctx.seatLabel(seat)}: `,
  }, cardFace(card)));
}

function trumpText(view) {
  if (!view.trump) return h("span", { class: "trump-text" }, t("boeren.notrumps"));
  return h("span", { class: "trump-text" }, t("boeren.trumps"), " ", suitIcon(view.trump, `suit-${view.trump}`), " ", t(`suits.${view.trump}`));
}

/** The turned card in the middle of the table (the trump indicator). */
function centre(view) {
  return h("div", { class: "oval-centre" },
    h("div", { class: "turned" }, view.turned ? cardFace(view.turned) : cardBack(), h("span", { class: "small" }, view.turned ? t("boeren.turned") : t("boeren.notrumps"))),
    view.blind ? h("div", { class: "badge" }, t("boeren.blind")) : null);
}

/** The seats starting with yours (a kibitzer's: the first), as the table goes round. */
function fromMe(seats, mySeat) {
  const at = seats.indexOf(mySeat);
  return at > 0 ? [...seats.slice(at), ...seats.slice(0, at)] : seats;
}

function resultTable(ctx, seats) {
  const { view } = ctx;
  const result = view.result;
  if (!result) return null;
  const last = view.scores && view.scores.rounds.length ? view.scores.rounds[view.scores.rounds.length - 1] : [];
  return h("table", { class: "score-table round-result" },
    h("caption", null, t("boeren.round.result")),
    h("thead", null, h("tr", null, h("th", null, ""), h("th", { scope: "col" }, t("boeren.bidcol")), h("th", { scope: "col" }, t("boeren.woncol")), h("th", { scope: "col" }, t("points")))),
    h("tbody", null, fromMe(seats, ctx.mySeat).map((seat) => {
      const p = Number(seat);
      return h("tr", { class: result.bids[p] === result.tricks[p] ? "exact" : "" },
        h("th", { scope: "row" }, ctx.occupantName(seat)),
        h("td", null, String(result.bids[p])),
        h("td", null, String(result.tricks[p])),
        h("td", null, last[p] === undefined ? "" : formatNumber(last[p])));
    })));
}

/** A name cut to `max` characters for a narrow score column: initials and a trailing number
 *  for several words ("Robot 2" → "R2", "ana_maria" → "am"), else the name's start (the
 *  column's title and label keep the whole name). */
export function abbreviate(name, max) {
  const text = String(name || "").trim();
  if (text.length <= max) return text;
  const words = text.split(/[\s_.-]+/).filter(Boolean);
  if (words.length > 1) {
    const last = words[words.length - 1];
    const tail = /^\d+$/.test(last) ? last : "";
    const initials = (tail ? words.slice(0, -1) : words).map((word) => word[0]).join("");
    const short = `${initials}${tail}`;
    if (short.length <= max) return short;
  }
  return text.slice(0, max);
}

/** Short names for the score table's columns, each distinct: where two abbreviations are the
 *  same, the player's number is added to each. */
function columnNames(names, players, max) {
  const full = Array.from({ length: players }, (_, p) => names[p] || t("player.n", { n: p + 1 }));
  const short = full.map((name) => abbreviate(name, max));
  return short.map((name, p) => (short.filter((other) => other === name).length > 1 ? `${name.slice(0, Math.max(1, max - 1))}${p + 1}` : name));
}

/** The match's score table: one row per round (its number and hand size in one column), one
 *  column per player starting with `first` (the reader's own), names abbreviated so that 3 to 7
 *  players fit the side panel and a phone without scrolling sideways. */
export function scoreTable(scores, names, first = 0) {
  if (!scores || !scores.totals) return null;
  const schedule = scores.schedule || [];
  const players = scores.totals.length;
  const winners = new Set(scores.winners || []);
  const leader = Math.max(...scores.totals);
  const order = Array.from({ length: players }, (_, i) => (i + first) % players);
  const full = (p) => names[p] || t("player.n", { n: p + 1 });
  const short = columnNames(names, players, { 3: 8, 4: 6, 5: 4, 6: 4 }[players] || 3);
  const mine = (p) => (p === first ? " mine" : "");
  return h("table", { class: `score-table boeren-score players-${players}` },
    h("caption", { class: "sr-only" }, t("score")),
    h("thead", null, h("tr", null,
      h("th", { scope: "col", class: "round-col" }, h("abbr", { title: `${t("boeren.roundcol")} (${t("boeren.cardscol")})` }, "#")),
      order.map((p) => h("th", { scope: "col", class: `player-col${mine(p)}`, title: full(p), "aria-label": full(p), dataset: { player: p } }, short[p])))),
    h("tbody", null, schedule.map((size, i) => {
      const row = scores.rounds[i];
      return h("tr", { class: row ? "" : "future" },
        h("th", { scope: "row", class: "round-col", "aria-label": `${t("boeren.roundcol")} ${i + 1}, ${t("boeren.cards", { n: size })}` },
          String(i + 1), h("span", { class: "hand-size", "aria-hidden": "true" }, String(size))),
        order.map((p) => h("td", { class: `${row && row[p] > 0 ? "plus" : row && row[p] < 0 ? "minus" : ""}${mine(p)}` }, row ? formatNumber(row[p]) : "")));
    })),
    h("tfoot", null, h("tr", null, h("th", { scope: "row", class: "round-col" }, h("abbr", { title: t("total") }, "Σ")),
      order.map((p) => {
        const total = scores.totals[p];
        return h("td", { class: `${winners.has(p) ? "winner" : ""}${total === leader && scores.rounds.length ? " leader" : ""}${mine(p)}` },
          formatNumber(total), winners.has(p) ? h("span", { class: "star", title: t("boeren.winner") }, "★") : "");
      }))));
}

export function drawBoerenbridge(ctx) {
  const { view } = ctx;
  const seats = labels(ctx);
  const count = seats.length;
  const me = ctx.mySeat !== null && ctx.mySeat !== undefined ? Number(ctx.mySeat) : 0;
  const inRound = view.phase !== "waiting";
  const legal = ctx.live ? view.legal || [] : [];
  const mine = ctx.mySeat !== null && view.controller === ctx.mySeat;
  const playable = new Set(mine ? legal.filter((a) => a.type === "play").map((a) => a.card) : []);
  const plates = seats.map((seat) => {
    const plate = seatPlate(seat, ctx, { extra: inRound ? bidLine(view, seat) : null, labelWhenFree: true });
    const hand = inRound && seat !== ctx.mySeat && view.hands && Array.isArray(view.hands[seat])
      ? fan(view.phase === "over" && view.dealt ? view.dealt[seat] : view.hands[seat], { label: t("hand.of", { seat: ctx.seatLabel(seat) }), className: "small" })
      : null;
    return h("div", { class: "oval-seat", style: place(Number(seat), me, count, 47, 46, true), dataset: { seat } }, plate, hand);
  });
  let trick = view.trick || [];
  let winner = null;
  if (ctx.ui.lastTrick && view.tricks && view.tricks.length) {
    const last = view.tricks[view.tricks.length - 1];
    trick = last.cards;
    winner = last.winner;
  } else if (!trick.length && ctx.hold) {
    trick = ctx.hold.cards;
    winner = ctx.hold.winner;
  }
  const felt = h("div", { class: `felt boeren players-${count}` },
    h("div", { class: "oval" }, inRound ? centre(view) : h("p", { class: "centre-note" }, t("waiting.players")),
      inRound ? trickCards(trick, ctx, me, count, winner) : null),
    plates);
  const myCards = inRound && ctx.mySeat !== null && view.hands ? view.hands[ctx.mySeat] : null;
  let handArea = null;
  if (inRound && ctx.mySeat !== null) {
    if (Array.isArray(myCards)) {
      const cards = view.phase === "over" && view.dealt ? view.dealt[ctx.mySeat] : myCards;
      const playing = view.phase === "play" && playable.size > 0;
      handArea = fan(cards, { playable: playing ? playable : null, onPlay: playing ? (card) => ctx.send({ type: "play", card }) : null, trump: null, label: t("hand.yours"), className: "mine" });
    } else if (view.blind) {
      handArea = h("div", null, backs(view.hand_size, { label: t("hand.yours") }), h("p", { class: "small muted" }, t("boeren.blind.about")));
    }
  }
  const names = Object.fromEntries(seats.map((seat) => [Number(seat), ctx.occupantName(seat)]));
  const turnNote = view.to_act !== null && view.to_act !== undefined && view.phase !== "over"
    ? h("p", { class: `centre-note small${mine ? " your-turn" : ""}`, "aria-live": "polite" }, mine ? t("turn.yours") : t("waiting.for", { name: names[Number(view.to_act)] }))
    : null;
  const under = h("div", { class: "boeren-under" },
    bidBox(ctx),
    mine ? otherActions(legal, ctx.send) : null,
    turnNote,
    view.phase === "over" ? h("div", { class: "deal-result" },
      resultTable(ctx, seats),
      !ctx.matchOver ? readyBox(ctx) : null,
      ctx.matchOver ? h("p", { class: "centre-note" }, t("match.over")) : null) : null,
    handArea);
  const info = inRound ? h("div", { class: "info-strip" }, h("div", { class: "info-items" },
    h("span", { class: "info-item" }, t("boeren.round", { n: view.number || 1, of: view.scores?.schedule?.length ?? "?" })),
    h("span", { class: "info-item" }, t("boeren.cards", { n: view.hand_size })),
    h("span", { class: "info-item" }, trumpText(view)),
    h("span", { class: "info-item" }, `${t("dealer")}: `, h("strong", null, names[Number(view.dealer)])),
    h("span", { class: "info-item" }, t("boeren.bidsum", { n: Object.values(view.bids || {}).filter((b) => b !== null).reduce((a, b) => a + b, 0), size: view.hand_size }))),
  view.tricks && view.tricks.length && view.phase === "play" ? h("div", { class: "info-buttons" },
    h("button", { type: "button", class: "btn btn-small", "aria-pressed": String(Boolean(ctx.ui.lastTrick)), dataset: { focus: "last-trick" }, onclick: () => ctx.setUi({ lastTrick: !ctx.ui.lastTrick }) }, t("trick.last"))) : null) : null;
  const side = [h("section", { class: "panel score" }, h("h2", null, t("score")), scoreTable(view.scores, names, ctx.mySeat !== null && ctx.mySeat !== undefined ? me : 0))];
  return { info, felt: h("div", { class: "boeren-wrap" }, felt, under), side };
}
