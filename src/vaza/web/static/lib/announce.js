// What happens at a table, said in words in one live region (a log a screen reader reads as
// lines are added): every call, bid, card and trick, a claim or undo asked and settled, the
// deal's start and end, and your turn, in the reader's language.  The region keeps its last
// lines (a blind player may read back; a test reads the whole deal from it).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { callLabel, cardLabel, contractLabel, SEATS } from "./cards.js";
import { trickWinner } from "../table/tricks.js";
import { remainingTricks as remaining } from "../table/state.js";

/** Lines kept in the log: a deal's calls, 52 cards, 13 tricks and turns fit twice over. */
const KEEP = 240;

let region = null;

/** The log, made once and kept outside the page's own drawing (a redraw never empties it). */
export function announcer() {
  if (region && region.isConnected) return region;
  region = h("div", { id: "announce", class: "sr-only", role: "log", "aria-live": "polite", "aria-label": t("say.log") });
  document.body.append(region);
  return region;
}

/** Say each line (empty ones skipped), oldest lines dropped past KEEP. */
export function announce(...lines) {
  const log = announcer();
  for (const line of lines) if (line) log.append(h("p", null, line));
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

/** The seats in turn order (Boerenbridge's are numbers; the view names them). */
function seatsOf(view) {
  if (typeof view.players === "number") return Array.from({ length: view.players }, (_, p) => String(p));
  return Array.isArray(view.seats) && view.seats.length ? view.seats.map(String) : SEATS;
}

/** Every card played in the deal, in order: Boerenbridge's from its tricks and the trick under
 *  way (its `played` is empty once the round is over), the bridge family's `played`. */
function playedOf(view) {
  if (Array.isArray(view.tricks) && view.tricks.every((trick) => Array.isArray(trick.cards))) {
    return [...view.tricks.flatMap((trick) => trick.cards), ...(view.trick || [])];
  }
  return view.played || [];
}

/** Who won the `index`th trick (its `cards`): the view's own record where it keeps one per
 *  trick (Boerenbridge, whose special cards only its rules rank), else by the contract's trumps. */
function winnerOf(view, index, cards) {
  const kept = Array.isArray(view.tricks) ? view.tricks[index] : null;
  if (kept && kept.winner !== null && kept.winner !== undefined) return String(kept.winner);
  const trump = view.contract ? (view.contract.strain === "NT" ? null : view.contract.strain) : view.trump || null;
  return trickWinner(cards, trump);
}

function auctionLines(before, view, who) {
  const lines = [];
  const calls = view.calls || [];
  const seats = seatsOf(view);
  const start = Math.max(0, seats.indexOf(String(view.dealer)));
  for (let i = (before.calls || []).length; i < calls.length; i += 1) {
    lines.push(t("say.call", { who: who(seats[(start + i) % seats.length]), call: callLabel(calls[i]) }));
  }
  // Boerenbridge's bids, by seat (a list, or an object keyed by seat), in the order of play.
  const bids = Object.entries(view.bids || {}).filter(([, bid]) => bid !== null && bid !== undefined);
  const said = (seat) => (before.bids || {})[seat] !== null && (before.bids || {})[seat] !== undefined;
  const first = Number(view.dealer) + 1;
  bids.sort(([a], [b]) => ((Number(a) - first + 99 * seats.length) % seats.length) - ((Number(b) - first + 99 * seats.length) % seats.length));
  for (const [seat, bid] of bids) if (!said(seat)) lines.push(t("say.bid", { who: who(String(seat)), n: bid }));
  if (view.contract && !before.contract) lines.push(t("say.contract", { contract: contractLabel(view.contract) }));
  return lines;
}

function playLines(before, view, who) {
  const lines = [];
  const played = playedOf(view);
  const size = seatsOf(view).length;
  const from = before.phase ? playedOf(before).length : 0;
  if (played.length < from) return lines;
  for (let i = from; i < played.length; i += 1) {
    const [seat, card] = played[i];
    lines.push(t("say.card", { who: who(String(seat)), card: cardLabel(card) }));
    if ((i + 1) % size === 0) {
      const trick = played.slice(i + 1 - size, i + 1).map(([s, c]) => [String(s), c]);
      lines.push(t("say.trick", { who: who(winnerOf(view, (i + 1) / size - 1, trick)) }));
    }
  }
  return lines;
}

function proposalLines(before, view, who) {
  const was = before.proposal;
  const now = view.proposal;
  const same = was && now && was.kind === now.kind && was.by === now.by && was.tricks === now.tricks;
  if (now && !same) {
    const by = who(String(now.by));
    return [now.kind === "claim" ? t("claim.banner", { seat: by, n: now.tricks, of: remaining(view) }) : t("say.undo", { who: by })];
  }
  if (was && !now) return [t(was.kind === "claim" ? "say.claim.settled" : "say.undo.settled")];
  return [];
}

/** What a table just opened says: the deal, and your turn if it is. */
export function describeNow(view, options) {
  if (!view || view.phase === "waiting") return [];
  return describe(null, { ...view, calls: [], played: [], bids: [], proposal: null, contract: null, phase: view.phase === "over" ? "over" : "auction" }, options);
}

/** The lines an update from `before` to `view` says; `who(seat)` names a seat ("you" for
 *  the reader's), `result(view)` says a finished deal's result. */
export function describe(before, view, { who, mySeat = null, result = null }) {
  if (!view) return [];
  const lines = [];
  const fresh = !before || before.number !== view.number;
  const base = fresh ? {} : before;
  if (fresh && view.phase !== "waiting") lines.push(t("say.deal", { n: view.number || 1, dealer: who(String(view.dealer)) }));
  lines.push(...auctionLines(base, view, who), ...playLines(base, view, who), ...proposalLines(base, view, who));
  if (view.phase === "over" && base.phase !== "over") lines.push(t("say.over", { result: result ? result(view) : "" }));
  const mine = mySeat && view.controller === mySeat && (view.legal || []).length > 0;
  const wasMine = !fresh && mySeat && before.controller === mySeat && (before.legal || []).length > 0 && before.to_act === view.to_act;
  if (mine && !wasMine && view.phase !== "over") lines.push(view.to_act !== mySeat ? t("say.turn.dummy") : t("say.turn"));
  return lines;
}
