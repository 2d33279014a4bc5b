// The bridge table: four seats around the felt (yours at the bottom), the auction and the
// bidding box, the trick in the middle, dummy faced after the opening lead, the end of a deal
// with every hand and a trick-by-trick replay.  Also used for the contract-view variants.

import { h } from "../lib/dom.js";
import { t, language } from "../lib/i18n.js";
import { cardFace, highCardPoints, contractEl, contractLabel, SEATS } from "../lib/cards.js";
import { biddingBox, auctionGrid } from "./bidding.js";
import { fan, suitRows, backs } from "./hands.js";
import { tricksFromPlayed, handsBefore, trickWinner } from "./tricks.js";
import { otherActions } from "./actions.js";
import { analysisView } from "./analysis.js";
import { seatPlate } from "./seats.js";
import { scoreView } from "./scorepad.js";

const AROUND = ["bottom", "left", "top", "right"];

export function seatsOf(view, occupants) {
  const present = view && view.hands ? Object.keys(view.hands) : Object.keys(occupants || {});
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

function playedBy(view, seat) {
  return (view.played || []).filter(([who]) => who === seat).map(([, card]) => card);
}

function seatHand(seat, position, ctx, shown, playable) {
  const { view } = ctx;
  const cards = shown ? shown[seat] : null;
  const trump = trumpOf(view.contract);
  const mine = seat === ctx.mySeat;
  const label = mine ? t("hand.yours") : t("hand.of", { seat: t(`seat.long.${seat}`) });
  const canPlay = playable.size && seat === view.to_act ? playable : null;
  const onPlay = canPlay ? (card) => ctx.send({ type: "play", card }) : null;
  const dummy = view.contract && view.contract.dummy === seat;
  if (Array.isArray(cards)) {
    const options = { playable: canPlay, onPlay, trump: dummy ? trump : null, label, className: mine ? "mine" : "" };
    return position === "left" || position === "right" ? suitRows(cards, options) : fan(cards, options);
  }
  if (view.phase === "waiting" || !view.hands) return null;
  const size = view.hand_sizes && view.hand_sizes[seat] !== undefined ? view.hand_sizes[seat] : 13 - playedBy(view, seat).length;
  return backs(Math.max(0, size), { label });
}

function centre(ctx, { bottom, seats, tricks, playable }) {
  const { view } = ctx;
  const names = Object.fromEntries(seats.map((seat) => [seat, ctx.occupants[seat]?.name || t(`seat.long.${seat}`)]));
  const legal = ctx.live ? view.legal || [] : [];
  const mineToAct = ctx.mySeat && view.controller === ctx.mySeat;
  const waitingFor = view.to_act ? t("waiting.for", { name: names[view.controller || view.to_act] || view.to_act }) : "";
  const parts = [];
  if (view.phase === "waiting") {
    const free = seats.filter((seat) => !ctx.occupants[seat]);
    parts.push(h("p", { class: "centre-note" }, free.length ? t("waiting.players") : t("waiting.deal")));
  } else if (view.phase === "auction") {
    parts.push(auctionGrid(view.calls || [], view.dealer, { names, toAct: view.to_act, explanations: explained(view), seats }));
    if (mineToAct && legal.some((a) => a.type === "call")) parts.push(biddingBox(legal, (call) => ctx.send({ type: "call", call })));
    else parts.push(h("p", { class: "centre-note", "aria-live": "polite" }, waitingFor));
  } else if (view.phase === "over") {
    const index = ctx.ui.replay;
    if (index !== null && index !== undefined && tricks[index]) {
      parts.push(trickView(tricks[index].cards, { bottom, seats, winner: tricks[index].winner, label: t("replay.trick", { n: index + 1, of: tricks.length }) }));
    } else {
      parts.push(h("div", { class: "deal-result", role: "status" },
        h("strong", null, t("deal.over")),
        h("p", null, resultText(view.result))));
    }
    parts.push(replayControls(ctx, tricks));
    if (ctx.mySeat && !ctx.matchOver) {
      parts.push(h("button", { type: "button", class: "btn btn-primary next-deal", dataset: { focus: "next-deal" }, onclick: ctx.onNextDeal }, t("deal.next")));
    } else if (ctx.matchOver) parts.push(h("p", { class: "centre-note" }, t("match.over")));
  } else {
    if (view.proposal) parts.push(proposalBanner(view.proposal, ctx));
    let shown = null;
    if (ctx.ui.lastTrick && view.last_trick) {
      shown = trickView(view.last_trick.cards, { bottom, seats, winner: view.last_trick.winner, label: t("trick.last") });
      shown.classList.add("last-trick-view");
    } else if ((view.trick || []).length) {
      shown = trickView(view.trick, { bottom, seats, label: t("trick") });
    } else if (ctx.hold) {
      shown = trickView(ctx.hold.cards, { bottom, seats, winner: ctx.hold.winner, label: t("trick.last") });
    }
    parts.push(shown || h("div", { class: "trick empty", "aria-hidden": "true" }));
    if (!playable.size) parts.push(h("p", { class: "centre-note small", "aria-live": "polite" }, view.proposal ? "" : waitingFor));
    else parts.push(h("p", { class: "centre-note small your-turn", "aria-live": "polite" }, view.to_act !== ctx.mySeat ? t("turn.dummy") : t("turn.yours")));
  }
  if (mineToAct) parts.push(otherActions(legal, ctx.send));
  return h("div", { class: "centre" }, parts);
}

function proposalBanner(proposal, ctx) {
  const by = t(`seat.long.${proposal.by}`);
  const text = proposal.kind === "claim" ? t("claim.banner", { seat: by, n: proposal.tricks }) : t("undo.banner", { seat: by });
  const awaiting = (proposal.awaiting || []).map((seat) => t(`seat.long.${seat}`)).join(", ");
  const asked = ctx.mySeat && (proposal.awaiting || []).includes(ctx.mySeat);
  return h("div", { class: "proposal", role: "status" }, h("p", null, text), h("p", { class: "small" }, t("proposal.awaiting", { seats: awaiting })),
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

/** Has `seat` made a call or played a card (its own or, as declarer, dummy's) this deal? */
function hasActed(view, seat) {
  const seats = Object.keys(view.hands || {});
  const order = SEATS.filter((s) => seats.includes(s));
  const start = order.indexOf(view.dealer);
  if ((view.calls || []).some((_, i) => order[(start + i) % order.length] === seat)) return true;
  const dummy = view.contract && view.contract.declarer === seat ? view.contract.dummy : null;
  return (view.played || []).some(([who]) => who === seat || who === dummy);
}

function infoStrip(ctx) {
  const { view } = ctx;
  if (!view || view.phase === "waiting") return null;
  const items = [];
  items.push(h("span", { class: "info-item" }, view.board ? t("board.n", { n: view.board }) : t("deal.n", { n: view.number || 1 })));
  items.push(h("span", { class: "info-item" }, `${t("dealer")}: `, h("strong", null, t(`seat.long.${view.dealer}`))));
  items.push(h("span", { class: `info-item vul-${view.vulnerability}` }, `${t("vul")}: `, h("strong", null, t(`vul.${view.vulnerability}`))));
  if (view.contract) items.push(h("span", { class: "info-item contract-info" }, `${t("contract")}: `, h("strong", null, contractEl(view.contract))));
  if (view.phase === "play" || view.phase === "over") {
    const won = view.tricks_won || { NS: 0, EW: 0 };
    items.push(h("span", { class: "info-item tricks-info", "aria-label": t("tricks.aria", { ns: won.NS, ew: won.EW }) },
      `${t("tricks")}: `, h("strong", null, `${t("side.NS")} ${won.NS} · ${t("side.EW")} ${won.EW}`)));
  }
  const buttons = [];
  if (view.phase === "play" && view.last_trick) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", "aria-pressed": String(Boolean(ctx.ui.lastTrick)), dataset: { focus: "last-trick" }, onclick: () => ctx.setUi({ lastTrick: !ctx.ui.lastTrick }) }, t("trick.last")));
  }
  const seated = ctx.mySeat && view.hands && ctx.mySeat in view.hands;
  const dummy = view.contract && view.contract.dummy === ctx.mySeat;
  if (seated && view.phase === "play" && !view.proposal && !dummy) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: "claim" }, onclick: ctx.onClaim }, t("claim")));
  }
  if (seated && (view.phase === "auction" || view.phase === "play") && !view.proposal && hasActed(view, ctx.mySeat)) {
    buttons.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: "undo" }, onclick: ctx.onUndo }, t("undo")));
  }
  return h("div", { class: "info-strip" }, h("div", { class: "info-items" }, items), buttons.length ? h("div", { class: "info-buttons" }, buttons) : null);
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
  let shown = view.hands;
  if (over && view.deal) {
    const index = ctx.ui.replay;
    shown = index === null || index === undefined ? view.deal : handsBefore(view.deal, tricks, index + 1);
  }
  const areas = seats.map((seat) => {
    const position = positionOf(seat, bottom, seats);
    const cards = shown && Array.isArray(shown[seat]) ? shown[seat] : null;
    let points = null;
    if (seat === ctx.mySeat && cards && view.phase !== "waiting") points = highCardPoints(over ? view.deal[seat] : [...cards, ...playedBy(view, seat)]);
    return h("div", { class: `seat-area pos-${position}`, dataset: { seat } },
      seatPlate(seat, ctx, { points, vulnerable: view.vulnerability ? isVulnerable(view.vulnerability, seat) : null }),
      seatHand(seat, position, ctx, shown, playable));
  });
  const felt = h("div", { class: `felt bridge phase-${view.phase} seats-${seats.length}` }, areas, centre(ctx, { bottom, seats, tricks, playable }));
  return { info: infoStrip(ctx), felt, side: sidePanel(ctx, { seats }) };
}

function sidePanel(ctx, { seats }) {
  const { view } = ctx;
  const parts = [];
  if (view.phase === "over") {
    parts.push(h("section", { class: "panel deal-end" },
      h("h2", null, t("deal.over")),
      h("p", null, resultText(view.result)),
      ctx.dealId ? h("p", { class: "downloads" },
        h("a", { class: "btn btn-small", href: `/api/deals/${ctx.dealId}/pbn`, download: `vaza-${ctx.dealId}.pbn` }, t("download.pbn")), " ",
        h("a", { class: "btn btn-small", href: `/api/deals/${ctx.dealId}/lin`, download: `vaza-${ctx.dealId}.lin` }, t("download.lin")), " ",
        h("a", { class: "btn btn-small btn-quiet", href: `/deal/${ctx.dealId}` }, t("deal.viewer"))) : null,
      analysisView(ctx.analysis)));
  }
  if (view.phase !== "auction" && (view.calls || []).length) {
    parts.push(h("section", { class: "panel" }, h("h2", null, t("auction")), auctionGrid(view.calls, view.dealer, { explanations: explained(view), seats })));
  }
  if (view.scores) {
    const we = ctx.mySeat ? sideOf(ctx.mySeat) : "NS";
    parts.push(h("section", { class: "panel score" }, h("h2", null, t("score"), h("small", { class: "muted" }, ` · ${t(`scoring.${view.scores.system}`)}`)), scoreView(view.scores, { we })));
  }
  return parts;
}

export { trickWinner };

/** The calls' meanings in the reader's language (the server sends both). */
function explained(view) {
  const all = view.explanations;
  if (!all) return null;
  return all[language()] || all.en || all;
}
