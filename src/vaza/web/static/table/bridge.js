// The bridge family's table: one renderer for every game that sends the family's view shape
// (contract bridge, Bridge-Whist, the widow game, two-handed bridge; docs/protocol.md).  The
// seats around the felt (yours at the bottom), the auction or the choice of trumps, the trick
// in the middle, dummy faced after the opening lead, the end of a deal with every hand and a
// trick-by-trick replay; and what a game adds of its own: Bridge-Whist's choices, the widow in
// the middle and its handing out, two-handed bridge's stock and face-up card.

import { h } from "../lib/dom.js";
import { t, language } from "../lib/i18n.js";
import { cardFace, cardBack, highCardPoints, contractEl, contractLabel, suitIcon, SEATS } from "../lib/cards.js";
import { biddingBox, auctionGrid, nextMeanings } from "./bidding.js";
import { fan, suitRows, backs } from "./hands.js";
import { tricksFromPlayed, handsBefore, trickWinner } from "./tricks.js";
import { otherActions } from "./actions.js";
import { analysisView } from "./analysis.js";
import { compareView } from "./compare.js";
import { gameSpec } from "../lib/games.js";
import { seatPlate } from "./seats.js";
import { readyBox } from "./notices.js";
import { remainingTricks } from "./state.js";
import { scoreView } from "./scorepad.js";

const AROUND = ["bottom", "left", "top", "right"];
/** The action types this renderer offers controls for (a claim's or undo's answers: the
 * proposal box); any other is a plain button. */
const HANDLED = new Set(["call", "play", "choose", "give", "claim_response", "undo_response"]);

export function seatsOf(view, occupants) {
  if (view && Array.isArray(view.seats)) return view.seats;
  const present = Object.keys(occupants || {});
  return SEATS.filter((seat) => present.includes(seat));
}

export function positionOf(seat, bottom, seats) {
  if (seats.length === 2) return seat === bottom ? "bottom" : "top";
  return AROUND[(SEATS.indexOf(seat) - SEATS.indexOf(bottom) + 4) % 4];
}

export function sideOf(seat) {
  return seat === "N" || seat === "S" ? "NS" : "EW";
}

export function isVulnerable(vulnerability, seat) {
  return vulnerability === "All" || vulnerability === "Both" || vulnerability === sideOf(seat);
}

export function trumpOf(contract) {
  return contract && contract.strain !== "NT" ? contract.strain : null;
}

export function resultText(result) {
  if (!result || result.passed_out || !result.contract) return t("passed.out");
  const d = result.difference;
  const outcome = d === 0 ? t("result.made") : d > 0 ? t("result.over", { n: d }) : t("result.down", { n: -d });
  const tricks = t("result.tricks", { n: result.declarer_tricks });
  return `${contractLabel(result.contract)}: ${tricks}, ${outcome}${result.claimed ? ` (${t("result.claimed")})` : ""}`;
}

/** The cards of a trick placed in front of the seats that played them. */
export function trickView(cards, { bottom, seats, winner = null, label = "" }) {
  return h("div", { class: "trick", role: "group", "aria-label": label || t("trick") },
    cards.map(([seat, card], i) => h("div", {
      class: `played pos-${positionOf(seat, bottom, seats)}${seat === winner ? " winner" : ""}`,
      style: { zIndex: String(i + 1) },
      "aria-label": `${t(`seat.long.${seat}`)}: `,
    }, cardFace(card))));
}

/** Tricks won by each side; after the deal, the result's (a claim settles the rest). */
export function tricksWon(view) {
  const won = view.tricks_won || { NS: 0, EW: 0 };
  const result = view.result;
  if (view.phase !== "over" || !result || !result.contract || result.declarer_tricks === null) return won;
  const side = sideOf(result.contract.declarer);
  const total = 13;
  return side === "NS"
    ? { NS: result.declarer_tricks, EW: total - result.declarer_tricks }
    : { NS: total - result.declarer_tricks, EW: result.declarer_tricks };
}

/** The deal's number as the score pad counts it (a passed-out deal dealt again is the same
 *  deal), the board's number in duplicate, else the deals dealt. */
function dealLabel(view) {
  if (view.board) return t("board.n", { n: view.board });
  const scores = view.scores;
  if (scores && scores.entries) {
    const lines = scores.deals || [];
    if (view.phase === "over" && lines.length) return t("deal.n", { n: lines[lines.length - 1].number });
    if (scores.next) return t("deal.n", { n: scores.next.deal });
  }
  return t("deal.n", { n: view.number || 1 });
}

function handOf(view, seat, ctx) {
  const mine = seat === ctx.mySeat;
  return mine ? t("hand.yours") : t("hand.of", { seat: t(`seat.long.${seat}`) });
}

function seatHand(seat, position, ctx, shown, playable) {
  const { view } = ctx;
  const cards = shown ? shown[seat] : null;
  const trump = trumpOf(view.contract);
  const label = handOf(view, seat, ctx);
  const canPlay = playable.size && seat === view.to_act ? playable : null;
  const onPlay = canPlay ? (card) => ctx.send({ type: "play", card }) : null;
  const dummy = view.contract && view.contract.dummy === seat;
  if (Array.isArray(cards)) {
    const options = { playable: canPlay, onPlay, trump: dummy ? trump : null, label, className: seat === ctx.mySeat ? "mine" : "" };
    return position === "left" || position === "right" ? suitRows(cards, options) : fan(cards, options);
  }
  if (view.phase === "waiting" || !view.hands) return null;
  const size = view.hand_sizes && view.hand_sizes[seat] !== undefined ? view.hand_sizes[seat] : 13;
  return backs(Math.max(0, size), { label });
}

// -- what each game adds ----------------------------------------------------------------------

/** Bridge-Whist: the dealer names trumps or passes the choice to partner. */
function choiceBox(legal, send) {
  const choices = legal.filter((a) => a.type === "choose");
  if (!choices.length) return null;
  const button = (value, content, extra = "") => h("button", {
    type: "button",
    class: `bid choice ${extra}`,
    "aria-label": value === "pass" ? t("whist.pass") : value === "NT" ? t("strain.NT") : t(`suits.${value}`),
    dataset: { choose: value, focus: `choose-${value}` },
    onclick: () => send({ type: "choose", value }),
  }, content);
  const values = choices.map((a) => a.value);
  return h("div", { class: "bidding-box choice-box", role: "group", "aria-label": t("whist.choose") },
    h("div", { class: "bid-row" }, values.filter((v) => v !== "pass").map((value) => button(value,
      value === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(value), `strain-${value}`))),
    values.includes("pass") ? h("div", { class: "bid-row" }, button("pass", t("whist.pass"), "bid-pass")) : null);
}

function choicesList(view) {
  const choices = view.choices || [];
  if (!choices.length) return h("p", { class: "centre-note small" }, t("whist.nochoice"));
  return h("ol", { class: "choices" }, choices.map(([seat, value]) => h("li", null,
    h("strong", null, t(`seat.long.${seat}`)), ": ",
    value === "pass" ? t("whist.passed") : value === "NT" ? t("strain.NT") : [suitIcon(value), " ", t(`suits.${value}`)])));
}

/** The widow: its four cards in the middle, face up to whoever may see them. */
function widowCards(view) {
  const widow = view.widow;
  if (!widow || (!widow.left && !widow.cards)) return null;
  const cards = Array.isArray(widow.cards) && widow.left ? widow.cards : null;
  return h("div", { class: "widow", role: "group", "aria-label": t("widow.title") },
    h("span", { class: "widow-label small" }, t("widow.title")),
    h("div", { class: "widow-cards" }, cards ? cards.map((card) => h("span", { class: "slot" }, cardFace(card)))
      : Array.from({ length: widow.left }, () => h("span", { class: "slot" }, cardBack()))));
}

/** The declarer hands out the widow: one card to each seat, themselves included. */
function handOutBox(ctx, legal) {
  const gives = legal.filter((a) => a.type === "give");
  const widow = ctx.view.widow;
  if (!gives.length || !widow || !Array.isArray(widow.cards)) return null;
  const cards = widow.cards;
  const key = cards.join(" ");
  if (!ctx.ui.give || ctx.ui.give.key !== key) ctx.ui.give = { key, to: Object.fromEntries(SEATS.map((seat, i) => [seat, cards[i]])) };
  const to = ctx.ui.give.to;
  const value = SEATS.map((seat) => `${seat}:${to[seat]}`).join(" ");
  const allowed = gives.some((a) => a.value === value);
  const pick = (seat, card) => {
    const other = SEATS.find((s) => to[s] === card);
    to[other] = to[seat];
    to[seat] = card;
    ctx.setUi({});
  };
  return h("form", { class: "hand-out", "aria-label": t("widow.handout"), onsubmit: (event) => {
    event.preventDefault();
    if (allowed) ctx.send({ type: "give", value });
  } },
  h("p", { class: "small" }, t("widow.handout.explain")),
  h("div", { class: "hand-out-rows" }, SEATS.map((seat) => h("label", { class: "field hand-out-row" },
    h("span", { class: "field-label" }, seat === ctx.mySeat ? t("widow.you") : t(`seat.long.${seat}`)),
    h("select", { name: `give-${seat}`, dataset: { seat }, onchange: (e) => pick(seat, e.target.value) },
      cards.map((card) => h("option", { value: card, selected: to[seat] === card }, cardName(card))))))),
  h("button", { type: "submit", class: "btn btn-primary", dataset: { focus: "hand-out" }, disabled: !allowed }, t("widow.handout")));
}

function cardName(card) {
  return `${card[1] === "T" ? "10" : card[1]}${{ S: "♠", H: "♥", D: "♦", C: "♣" }[card[0]]}`;
}

/** Two-handed bridge's stock: the face-up card on the pile and how many cards remain. */
function stockPile(view) {
  const draw = view.draw;
  if (!draw || view.phase !== "draw") return null;
  return h("div", { class: "stock", role: "group", "aria-label": t("stock.aria", { n: draw.stock_left }) },
    h("div", { class: "stock-pile" }, draw.face_up ? cardFace(draw.face_up) : cardBack()),
    h("span", { class: "stock-count small" }, t("stock.count", { n: draw.stock_left })));
}

function lastDraw(view, ctx) {
  const draw = view.draw;
  if (!draw || !draw.draws.length || view.phase !== "draw") return null;
  const last = draw.draws[draw.draws.length - 1];
  const winner = last.winner === ctx.mySeat ? t("you") : t(`seat.long.${last.winner}`);
  return h("p", { class: "centre-note small last-draw" }, t("stock.took", { who: winner }), " ", h("span", { class: "inline-card" }, cardFace(last.face_up, { compact: true })),
    last.hidden ? [" · ", t("stock.drew"), " ", h("span", { class: "inline-card" }, cardFace(last.hidden, { compact: true }))] : null);
}

// -- the middle of the table --------------------------------------------------------------------

function playedTrick(ctx, { bottom, seats }) {
  const { view } = ctx;
  if (ctx.ui.lastTrick && view.last_trick) {
    const shown = trickView(view.last_trick.cards, { bottom, seats, winner: view.last_trick.winner, label: t("trick.last") });
    shown.classList.add("last-trick-view");
    return shown;
  }
  if ((view.trick || []).length) return trickView(view.trick, { bottom, seats, label: t("trick") });
  if (ctx.hold) return trickView(ctx.hold.cards, { bottom, seats, winner: ctx.hold.winner, label: t("trick.last") });
  return h("div", { class: "trick empty", "aria-hidden": "true" });
}

function centre(ctx, { bottom, seats, tricks, playable }) {
  const { view } = ctx;
  const names = Object.fromEntries(seats.map((seat) => [seat, ctx.occupantName(seat)]));
  const legal = ctx.live ? view.legal || [] : [];
  const mineToAct = ctx.mySeat && view.controller === ctx.mySeat;
  const waitingFor = view.to_act ? t("waiting.for", { name: names[view.controller || view.to_act] || view.to_act }) : "";
  const note = (text) => h("p", { class: "centre-note", "aria-live": "polite" }, text);
  const parts = [];
  const phase = view.phase;
  if (phase === "waiting") {
    const free = seats.filter((seat) => !ctx.occupants[seat]);
    parts.push(note(free.length ? t("waiting.players") : t("waiting.deal")));
  } else if (phase === "auction") {
    parts.push(auctionGrid(view.calls || [], view.dealer, { names, toAct: view.to_act, explanations: explained(view), alerts: view.alerts, seats }));
    if (mineToAct && legal.some((a) => a.type === "call")) parts.push(callBox(view, legal, ctx.send));
    else parts.push(note(waitingFor));
  } else if (phase === "trumps") {
    parts.push(h("div", { class: "whist-choice" }, h("h3", { class: "small" }, t("whist.title")), choicesList(view)));
    if (mineToAct) parts.push(choiceBox(legal, ctx.send));
    else parts.push(note(waitingFor));
  } else if (phase === "widow") {
    parts.push(widowCards(view));
    if (mineToAct) parts.push(handOutBox(ctx, legal));
    else parts.push(note(t("widow.waiting", { name: names[view.controller] || "" })));
  } else if (phase === "over") {
    const index = ctx.ui.replay;
    if (index !== null && index !== undefined && tricks[index]) {
      parts.push(trickView(tricks[index].cards, { bottom, seats, winner: tricks[index].winner, label: t("replay.trick", { n: index + 1, of: tricks.length }) }));
    } else {
      parts.push(h("div", { class: "deal-result", role: "status" },
        h("strong", null, t("deal.over")),
        h("p", null, resultText(view.result))));
    }
    parts.push(replayControls(ctx, tricks));
    parts.push(ctx.matchOver ? h("p", { class: "centre-note" }, t("match.over")) : readyBox(ctx));
  } else {
    if (view.proposal) parts.push(proposalBanner(view.proposal, ctx, view));
    if (phase === "draw") parts.push(stockPile(view));
    else if (phase === "play" && view.widow) parts.push(widowCards(view));
    parts.push(playedTrick(ctx, { bottom, seats }));
    if (phase === "draw") parts.push(lastDraw(view, ctx));
    if (!playable.size) parts.push(h("p", { class: "centre-note small", "aria-live": "polite" }, view.proposal ? "" : waitingFor));
    else parts.push(h("p", { class: "centre-note small your-turn", "aria-live": "polite" }, view.to_act !== ctx.mySeat ? t("turn.dummy") : t("turn.yours")));
  }
  if (mineToAct) parts.push(otherActions(legal, ctx.send, HANDLED));
  return h("div", { class: "centre" }, parts);
}

function proposalBanner(proposal, ctx, view) {
  const by = t(`seat.long.${proposal.by}`);
  const text = proposal.kind === "claim" ? t("claim.banner", { seat: by, n: proposal.tricks, of: remainingTricks(view) }) : t("undo.banner", { seat: by });
  const awaiting = (proposal.awaiting || []).map((seat) => t(`seat.long.${seat}`)).join(", ");
  const asked = ctx.mySeat && (proposal.awaiting || []).includes(ctx.mySeat);
  const line = proposal.kind === "claim" && proposal.line ? h("p", { class: "claim-line" }, t("claim.line.said", { line: proposal.line })) : null;
  return h("div", { class: "proposal", role: "status" }, h("p", null, text), line, h("p", { class: "small" }, t("proposal.awaiting", { seats: awaiting })),
    asked ? h("button", { type: "button", class: "btn btn-primary", onclick: ctx.onAnswer }, t("proposal.answer")) : null);
}

function replayControls(ctx, tricks) {
  if (!tricks.length) return null;
  const index = ctx.ui.replay;
  const at = index === null || index === undefined ? -1 : index;
  const go = (next) => ctx.setUi({ replay: next < 0 ? null : Math.min(next, tricks.length - 1) });
  const button = (label, symbol, target, disabled) => h("button", { type: "button", class: "btn btn-small replay-btn", "aria-label": label, title: label, disabled, dataset: { focus: `replay-${symbol}` }, onclick: () => go(target) }, symbol);
  return h("div", { class: "replay", role: "group", "aria-label": t("replay") },
    button(t("replay.start"), "|◀", -1, at < 0),
    button(t("replay.prev"), "◀", at - 1, at < 0),
    h("span", { class: "replay-at", "aria-live": "polite" }, at < 0 ? t("replay.deal") : t("replay.trick", { n: at + 1, of: tricks.length })),
    button(t("replay.next"), "▶", at + 1, at >= tricks.length - 1),
    button(t("replay.end"), "▶|", tricks.length - 1, at >= tricks.length - 1));
}

function infoStrip(ctx, seats) {
  const { view } = ctx;
  if (!view || view.phase === "waiting") return null;
  const items = [];
  items.push(h("span", { class: "info-item deal-info" }, dealLabel(view)));
  items.push(h("span", { class: "info-item" }, `${t("dealer")}: `, h("strong", null, t(`seat.long.${view.dealer}`))));
  items.push(h("span", { class: `info-item vul-${view.vulnerability}` }, `${t("vul")}: `, h("strong", null, t(`vul.${view.vulnerability}`))));
  if (view.contract) items.push(h("span", { class: "info-item contract-info" }, `${t("contract")}: `, h("strong", null, contractEl(view.contract))));
  if (view.phase === "play" || view.phase === "over") {
    const won = tricksWon(view);
    // Two players each score alone: North's tricks are North–South's, East's East–West's.
    const ns = seats.length === 2 ? t(`seat.long.${seats[0]}`) : t("side.NS");
    const ew = seats.length === 2 ? t(`seat.long.${seats[1]}`) : t("side.EW");
    items.push(h("span", { class: "info-item tricks-info", "aria-label": t("tricks.aria.of", { ns, ew, a: won.NS, b: won.EW }) },
      `${t("tricks")}: `, h("strong", null, `${ns} ${won.NS} · ${ew} ${won.EW}`)));
  }
  const buttons = [];
  if ((view.phase === "play" || view.phase === "draw") && view.last_trick) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", "aria-pressed": String(Boolean(ctx.ui.lastTrick)), dataset: { focus: "last-trick" }, onclick: () => ctx.setUi({ lastTrick: !ctx.ui.lastTrick }) }, t("trick.last")));
  }
  const seated = ctx.mySeat && seats.includes(ctx.mySeat);
  const dummy = view.contract && view.contract.dummy === ctx.mySeat;
  if (seated && view.phase === "play" && !view.proposal && !dummy) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: "claim" }, onclick: ctx.onClaim }, t("claim")));
  }
  // Offered only where the rules would take it: never across a card shown to you since.
  if (seated && view.may_undo) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: "undo" }, onclick: ctx.onUndo }, t("undo")));
  }
  return h("div", { class: "info-strip" }, h("div", { class: "info-items" }, items), buttons.length ? h("div", { class: "info-buttons" }, buttons) : null);
}

/** The hands to draw: as they are now, or after the deal every hand as the play began (or as
 *  dealt, where no card was played), at the trick the replay shows. */
function handsShown(view, tricks, replay) {
  if (view.phase !== "over") return view.hands;
  const start = view.deal || (view.dealt && view.dealt.hands);
  if (!start) return view.hands;
  return replay === null || replay === undefined ? start : handsBefore(start, tricks, replay + 1);
}

export function drawBridge(ctx) {
  const { view } = ctx;
  const seats = seatsOf(view, ctx.occupants);
  const bottom = ctx.mySeat && seats.includes(ctx.mySeat) ? ctx.mySeat : seats.includes("S") ? "S" : seats[0];
  const trump = trumpOf(view.contract);
  const legal = ctx.live ? view.legal || [] : [];
  const mineToAct = ctx.mySeat && view.controller === ctx.mySeat;
  const playable = new Set(mineToAct ? legal.filter((a) => a.type === "play" && a.card).map((a) => a.card) : []);
  const over = view.phase === "over";
  const tricks = over ? tricksFromPlayed(view.played || [], trump, seats.length) : [];
  const shown = handsShown(view, tricks, ctx.ui.replay);
  const areas = seats.map((seat) => {
    const position = positionOf(seat, bottom, seats);
    let points = null;
    if (seat === ctx.mySeat && Array.isArray(view.hands?.[seat]) && view.phase !== "waiting") {
      points = highCardPoints(over && view.deal ? view.deal[seat] : [...view.hands[seat], ...(view.played || []).filter(([who]) => who === seat).map(([, card]) => card)]);
    }
    return h("div", { class: `seat-area pos-${position}`, dataset: { seat } },
      seatPlate(seat, ctx, { points, vulnerable: view.vulnerability ? isVulnerable(view.vulnerability, seat) : null }),
      seatHand(seat, position, ctx, shown, playable));
  });
  const felt = h("div", { class: `felt bridge game-${view.game} phase-${view.phase} seats-${seats.length}` }, areas, centre(ctx, { bottom, seats, tricks, playable }));
  return { info: infoStrip(ctx, seats), felt, side: sidePanel(ctx, { seats }) };
}

function sidePanel(ctx, { seats }) {
  const { view } = ctx;
  const parts = [];
  if (view.phase === "over") {
    parts.push(h("section", { class: "panel deal-end" },
      h("h2", null, t("deal.over")),
      h("p", null, resultText(view.result)),
      dealtWidow(view),
      ctx.dealId ? h("p", { class: "downloads" },
        ctx.records ? [
          h("a", { class: "btn btn-small", href: `/api/deals/${ctx.dealId}/pbn`, download: `vaza-${ctx.dealId}.pbn` }, t("download.pbn")), " ",
          h("a", { class: "btn btn-small", href: `/api/deals/${ctx.dealId}/lin`, download: `vaza-${ctx.dealId}.lin` }, t("download.lin")), " "] : null,
        h("a", { class: "btn btn-small btn-quiet", href: `/deal/${ctx.dealId}` }, t("deal.viewer"))) : null,
      compareView(ctx.analysis),
      analysisView(ctx.analysis)));
  }
  if (view.phase !== "auction" && (view.calls || []).length) {
    parts.push(h("section", { class: "panel" }, h("h2", null, t("auction")), auctionGrid(view.calls, view.dealer, { explanations: explained(view), alerts: view.alerts, seats })));
  }
  if (view.phase !== "trumps" && (view.choices || []).length) {
    parts.push(h("section", { class: "panel" }, h("h2", null, t("whist.title")), choicesList(view)));
  }
  const received = widowReceived(view, ctx);
  if (received) parts.push(received);
  if (view.scores) {
    const we = ctx.mySeat ? sideOf(ctx.mySeat) : "NS";
    const scoring = ctx.options && ctx.options.scoring;
    parts.push(h("section", { class: "panel score" }, h("h2", null, t("score"), scoring ? h("small", { class: "muted" }, ` · ${t(`scoring.${scoring}`)}`) : null), scoreView(view.scores, { we })));
  }
  return parts;
}

/** Who received which widow card, as far as the viewer knows. */
function widowReceived(view, ctx) {
  const widow = view.widow;
  if (!widow || widow.left) return null;
  const known = Object.entries(widow.received || {}).filter(([, card]) => card);
  if (!known.length) return null;
  return h("section", { class: "panel widow-panel" }, h("h2", null, t("widow.title")),
    h("ul", { class: "widow-received" }, known.map(([seat, card]) => h("li", null,
      seat === ctx.mySeat ? t("widow.you") : t(`seat.long.${seat}`), ": ", h("span", { class: "inline-card" }, cardFace(card, { compact: true }))))));
}

/** After a widow deal: the widow as it was dealt. */
function dealtWidow(view) {
  const cards = view.dealt && view.dealt.widow;
  if (!Array.isArray(cards)) return null;
  return h("div", { class: "widow dealt" }, h("span", { class: "widow-label small" }, t("widow.dealt")),
    h("div", { class: "widow-cards" }, cards.map((card) => h("span", { class: "slot" }, cardFace(card, { compact: true })))));
}

export { trickWinner };

/** The bidding box: each call's meaning where the registry says the game has a system, and an
 *  alert where the view carries alerts (contract bridge). */
function callBox(view, legal, send) {
  const spec = gameSpec(view.game);
  const meanings = spec && spec.meanings ? nextMeanings(view.game, view.dealer, view.calls || []) : null;
  return biddingBox(legal, (call, alert) => send(alert ? { type: "call", call, alert } : { type: "call", call }),
    { meanings, alerts: view.alerts !== undefined });
}

/** The calls' meanings in the reader's language (the server sends both). */
function explained(view) {
  const all = view.explanations;
  if (!all) return null;
  return all[language()] || all.en || all;
}
