// The deal viewer: all four hands, the auction, a trick-by-trick replay, the result, the
// double-dummy table and par and where the tricks went (each card's cost against double dummy)
// when the server has them, and PBN / LIN downloads.  `dealFelt` is also the event pages'
// board.

import { h, replaceKeepingFocus, sr } from "../lib/dom.js";
import { t, formatNumber, language } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { callEl, cardFace, contractEl, SEATS } from "../lib/cards.js";

import { auctionGrid } from "../table/bidding.js";
import { fan, suitRows } from "../table/hands.js";
import { tricksFromRecord, handsBefore } from "../table/tricks.js";
import { trickView, positionOf, resultText, isVulnerable } from "../table/bridge.js";
import { analysisView, playCostView, trickCosts } from "../table/analysis.js";
import { compareView } from "../table/compare.js";

const ANALYSIS_RETRY_MS = 3000;
const ANALYSIS_TRIES = 20;

/** Four hands around a felt, South at the bottom, with `centre` in the middle: each seat's
 *  plate says dealer, declarer and vulnerability, and who sat there when `names` are given
 *  (a seat no person held was a robot's). */
export function dealFelt({ hands, dealer, vulnerability, declarer = null, centre = null, seats = SEATS, names = null }) {
  const bottom = seats.includes("S") ? "S" : seats[0];
  const areas = seats.map((seat) => {
    const position = positionOf(seat, bottom, seats);
    const cards = hands[seat] || [];
    const label = t("hand.of", { seat: t(`seat.long.${seat}`) });
    const vul = isVulnerable(vulnerability, seat);
    return h("div", { class: `seat-area pos-${position}`, dataset: { seat } },
      h("div", { class: `plate${vul ? " vul" : " nonvul"}` }, h("div", { class: "plate-line" },
        h("span", { class: "plate-seat" }, t(`seat.long.${seat}`)),
        dealer === seat ? h("span", { class: "badge dealer", title: t("dealer") }, t("dealer.short")) : null,
        declarer === seat ? h("span", { class: "badge role" }, t("declarer")) : null),
      names ? h("div", { class: "plate-line" }, h("span", { class: "plate-name", dataset: { name: seat } }, seatName(names, seat))) : null),
      position === "left" || position === "right" ? suitRows(cards, { label, trump: null }) : fan(cards, { label }));
  });
  return h("div", { class: `felt bridge phase-over seats-${seats.length}` }, areas, h("div", { class: "centre" }, centre));
}

/** Who sat at `seat`: the person's name, or a robot named as the table names it. */
function seatName(names, seat) {
  return names[seat] || t("robot.at", { seat: t(`seat.${seat}`) });
}

/** The calls' meanings in the reader's language (the robots' system reading each call). */
function meaningsNow(meanings) {
  return meanings ? meanings[language()] || meanings.en || null : null;
}

/** Every alerted call with its caller's explanation, as a list beside the auction (the grid
 *  shows them on hover or tap; here they are read at a glance). */
function alertList(record, alerts, names) {
  const entries = Object.entries(alerts || {}).filter(([index]) => record.calls[Number(index)] !== undefined);
  if (!entries.length) return null;
  const seats = record.seats || SEATS;
  const first = Math.max(0, seats.indexOf(record.dealer));
  const caller = (index) => seats[(first + index) % seats.length];
  return h("ul", { class: "alert-list" }, entries.map(([index, text]) => {
    const seat = caller(Number(index));
    return h("li", { dataset: { index } }, h("span", { class: "alert-mark", "aria-hidden": "true" }, "!"), " ",
      callEl(record.calls[Number(index)]), " ",
      t("eventlinks.alert.of", { seat: `${t(`seat.long.${seat}`)} (${seatName(names || {}, seat)})`, text }));
  }));
}

/** A replayed trick whose cards that gave tricks away carry their cost. */
function costedTrick(trick, costs, label) {
  const view = trickView(trick.cards, { bottom: "S", seats: SEATS, winner: trick.winner, label });
  trick.cards.forEach(([, card], i) => {
    const cost = costs[card];
    if (cost > 0 && view.children[i]) {
      view.children[i].classList.add("costly");
      view.children[i].append(h("span", { class: "cost-badge", title: t("cost.n", { n: cost }) }, h("span", { "aria-hidden": "true" }, `−${cost}`), sr(t("cost.n", { n: cost }))));
    }
  });
  return view;
}

export function mount(root, [dealId]) {
  let data = null;
  let problem = null;
  let index = -1;
  const board = h("div", { class: "felt-box" });
  const costBox = h("div", { class: "cost-box" });

  let tries = 0;
  let timer = null;
  let alive = true;

  async function load() {
    try {
      data = await api.get(`/api/deals/${encodeURIComponent(dealId)}`);
    } catch (error) {
      problem = error.status === 404 ? t("deal.notfound") : error.message;
    }
    if (!alive) return;
    draw();
    waitForAnalysis();
  }

  /** A deal just finished is solved double dummy in the background: ask again for a while,
   *  and redraw only once the analysis is there. */
  function waitForAnalysis() {
    const record = data && data.summary && data.summary.record;
    if (!record || !(record.play || []).length || data.summary.analysis || tries >= ANALYSIS_TRIES) return;
    tries += 1;
    timer = setTimeout(async () => {
      try {
        const fresh = await api.get(`/api/deals/${encodeURIComponent(dealId)}`);
        if (!alive) return;
        if (fresh.summary && fresh.summary.analysis) {
          data = fresh;
          draw();
        }
      } catch {
        // the next try, or none: the deal itself is already shown
      }
      if (alive) waitForAnalysis();
    }, ANALYSIS_RETRY_MS);
  }

  function drawBoard() {
    const record = data.summary.record;
    const seats = record.seats || SEATS;
    const tricks = tricksFromRecord(record.play || [], record.contract, seats);
    // The hands the play began with; for a deal passed out before it, the hands as dealt.
    const start = record.hands || (record.dealt && record.dealt.hands) || {};
    const hands = index < 0 ? start : handsBefore(start, tricks, index + 1);

    const analysis = data.summary.analysis || null;
    const cost = analysis ? analysis.play_cost : null;
    const go = (next) => { index = Math.max(-1, Math.min(next, tricks.length - 1)); drawBoard(); };
    const button = (label, symbol, target, disabled) => h("button", { type: "button", class: "btn btn-small replay-btn", "aria-label": label, title: label, disabled, dataset: { focus: `replay-${symbol}` }, onclick: () => go(target) }, symbol);
    const centre = [
      index >= 0 && tricks[index] ? costedTrick(tricks[index], trickCosts(cost, index), t("replay.trick", { n: index + 1, of: tricks.length }))
        : h("div", { class: "deal-result" }, h("strong", null, resultText({ ...record, contract: record.contract, difference: record.contract ? record.declarer_tricks - record.contract.level - 6 : 0, passed_out: record.passed_out }))),
      tricks.length ? h("div", { class: "replay", role: "group", "aria-label": t("replay") },
        button(t("replay.start"), "|◀", -1, index < 0),
        button(t("replay.prev"), "◀", index - 1, index < 0),
        h("span", { class: "replay-at", "aria-live": "polite" }, index < 0 ? t("replay.deal") : t("replay.trick", { n: index + 1, of: tricks.length })),
        button(t("replay.next"), "▶", index + 1, index >= tricks.length - 1),
        button(t("replay.end"), "▶|", tricks.length - 1, index >= tricks.length - 1)) : null,
    ];
    const names = data.names ? Object.fromEntries(seats.map((seat) => [seat, data.names[seat] || null])) : null;
    replaceKeepingFocus(board, dealFelt({ hands, dealer: record.dealer, vulnerability: record.vulnerability, declarer: record.contract ? record.contract.declarer : null, centre, seats, names }));
    replaceKeepingFocus(costBox, cost ? h("section", { class: "panel" }, playCostView(cost, { trick: index < 0 ? null : index, onTrick: go })) : null);
  }

  /** The auction's column titles: each seat's player. */
  function playerNames(record) {
    if (!data.names) return {};
    return Object.fromEntries((record.seats || SEATS).map((seat) => [seat, seatName(data.names, seat)]));
  }

  function drawBoeren() {
    const result = data.summary.result || {};
    const scores = data.summary.scores || [];
    return h("table", { class: "score-table" },
      h("thead", null, h("tr", null, h("th", null, ""), h("th", { scope: "col" }, t("boeren.bidcol")), h("th", { scope: "col" }, t("boeren.woncol")), h("th", { scope: "col" }, t("points")))),
      h("tbody", null, (result.bids || []).map((bid, p) => h("tr", { class: bid === result.tricks[p] ? "exact" : "" },
        h("th", { scope: "row" }, t("player.n", { n: p + 1 }), data.names && data.names[String(p)] ? h("span", { class: "muted" }, ` · ${data.names[String(p)]}`) : null), h("td", null, String(bid)), h("td", null, String(result.tricks[p])), h("td", null, scores[p] === undefined ? "" : formatNumber(scores[p]))))));
  }

  function draw() {
    if (problem) {
      root.replaceChildren(h("section", { class: "page narrow" }, h("h1", null, t("deal.viewer")), h("p", { class: "problem", role: "alert" }, problem)));
      return;
    }
    if (!data) {
      root.replaceChildren(h("section", { class: "page" }, h("p", null, t("loading"))));
      return;
    }
    const record = data.summary && data.summary.record;
    const head = h("h1", null, t("deal.viewer"), h("small", { class: "muted" }, ` · ${t(`game.${data.game}`)} · ${t("deal.n", { n: data.number })}`));
    if (!record) {
      root.replaceChildren(h("section", { class: "page" }, head, data.game === "boerenbridge" ? drawBoeren() : h("pre", null, JSON.stringify(data.summary, null, 2))));
      return;
    }
    const score = data.summary.score || {};
    root.replaceChildren(h("section", { class: "page deal-page" }, head,
      h("div", { class: "table-layout" },
        h("div", { class: "table-main" },
          h("div", { class: "info-strip" }, h("div", { class: "info-items" },
            record.board ? h("span", { class: "info-item" }, t("board.n", { n: record.board })) : null,
            h("span", { class: "info-item" }, `${t("dealer")}: `, h("strong", null, t(`seat.long.${record.dealer}`))),
            h("span", { class: "info-item" }, `${t("vul")}: `, h("strong", null, t(`vul.${record.vulnerability}`))),
            record.contract ? h("span", { class: "info-item" }, `${t("contract")}: `, h("strong", null, contractEl(record.contract))) : null)),
          board,
          costBox),
        h("aside", { class: "table-side" },
          (record.calls || []).length ? h("section", { class: "panel auction-panel" }, h("h2", null, t("auction")),
            auctionGrid(record.calls, record.dealer, { seats: record.seats || SEATS, names: playerNames(record), alerts: data.alerts, explanations: meaningsNow(data.meanings) }),
            alertList(record, data.alerts, data.names)) : null,
          record.choices ? h("section", { class: "panel" }, h("h2", null, t("whist.title")), h("ol", { class: "choices" }, record.choices.map(([seat, value]) => h("li", null,
            h("strong", null, t(`seat.long.${seat}`)), ": ", value === "pass" ? t("whist.passed") : value === "NT" ? t("strain.NT") : t(`suits.${value}`))))) : null,
          record.received ? h("section", { class: "panel" }, h("h2", null, t("widow.title")), h("ul", { class: "widow-received" },
            Object.entries(record.received).map(([seat, card]) => h("li", null, t(`seat.long.${seat}`), ": ", h("span", { class: "inline-card" }, cardFace(card, { compact: true })))))) : null,
          h("section", { class: "panel" }, h("h2", null, t("result")),
            h("p", null, resultText({ contract: record.contract, declarer_tricks: record.declarer_tricks, claimed: record.claimed, passed_out: record.passed_out, difference: record.contract ? record.declarer_tricks - record.contract.level - 6 : 0 })),
            typeof score.ns_score === "number" ? h("p", null, `${t("side.NS")}: ${formatNumber(score.ns_score)}`) : null),
          analysisView(data.summary.analysis, { playCost: false }),
          compareView(data.summary.analysis),
          data.records ? h("section", { class: "panel downloads" }, h("h2", null, t("download")),
            h("a", { class: "btn", href: `/api/deals/${data.deal}/pbn`, download: `vaza-${data.deal}.pbn` }, t("download.pbn")), " ",
            h("a", { class: "btn", href: `/api/deals/${data.deal}/lin`, download: `vaza-${data.deal}.lin` }, t("download.lin"))) : null))));
    drawBoard();
  }

  draw();
  load();
  return {
    unmount() {
      alive = false;
      clearTimeout(timer);
    },
    refresh: () => { if (data || problem) draw(); },
  };
}
