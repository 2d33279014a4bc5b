// The deal viewer: all four hands, the auction, a trick-by-trick replay, the result, the
// double-dummy table and par when the server has them, and PBN / LIN downloads.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { contractEl, SEATS } from "../lib/cards.js";
import { auctionGrid } from "../table/bidding.js";
import { fan, suitRows } from "../table/hands.js";
import { tricksFromRecord, handsBefore } from "../table/tricks.js";
import { trickView, positionOf, resultText, isVulnerable } from "../table/bridge.js";
import { analysisView } from "../table/analysis.js";

export function mount(root, [dealId]) {
  let data = null;
  let problem = null;
  let index = -1;
  const board = h("div", { class: "felt-box" });

  async function load() {
    try {
      data = await api.get(`/api/deals/${encodeURIComponent(dealId)}`);
    } catch (error) {
      problem = error.status === 404 ? t("deal.notfound") : error.message;
    }
    draw();
  }

  function drawBoard() {
    const record = data.summary.record;
    const tricks = tricksFromRecord(record.play || [], record.contract);
    const hands = index < 0 ? record.hands : handsBefore(record.hands, tricks, index + 1);
    const areas = SEATS.map((seat) => {
      const position = positionOf(seat, "S", SEATS);
      const cards = hands[seat] || [];
      const label = t("hand.of", { seat: t(`seat.long.${seat}`) });
      const vul = isVulnerable(record.vulnerability, seat);
      return h("div", { class: `seat-area pos-${position}` },
        h("div", { class: `plate${vul ? " vul" : " nonvul"}` }, h("div", { class: "plate-line" },
          h("span", { class: "plate-seat" }, t(`seat.long.${seat}`)),
          record.dealer === seat ? h("span", { class: "badge dealer", title: t("dealer") }, t("dealer.short")) : null,
          record.contract && record.contract.declarer === seat ? h("span", { class: "badge role" }, t("declarer")) : null)),
        position === "left" || position === "right" ? suitRows(cards, { label, trump: null }) : fan(cards, { label }));
    });
    const go = (next) => { index = Math.max(-1, Math.min(next, tricks.length - 1)); drawBoard(); };
    const button = (label, symbol, target, disabled) => h("button", { type: "button", class: "btn btn-small replay-btn", "aria-label": label, title: label, disabled, dataset: { focus: `replay-${symbol}` }, onclick: () => go(target) }, symbol);
    const centre = h("div", { class: "centre" },
      index >= 0 && tricks[index] ? trickView(tricks[index].cards, { bottom: "S", seats: SEATS, winner: tricks[index].winner, label: t("replay.trick", { n: index + 1, of: tricks.length }) })
        : h("div", { class: "deal-result" }, h("strong", null, resultText({ ...record, contract: record.contract, difference: record.contract ? record.declarer_tricks - record.contract.level - 6 : 0, passed_out: record.passed_out }))),
      tricks.length ? h("div", { class: "replay", role: "group", "aria-label": t("replay") },
        button(t("replay.start"), "|◀", -1, index < 0),
        button(t("replay.prev"), "◀", index - 1, index < 0),
        h("span", { class: "replay-at", "aria-live": "polite" }, index < 0 ? t("replay.deal") : t("replay.trick", { n: index + 1, of: tricks.length })),
        button(t("replay.next"), "▶", index + 1, index >= tricks.length - 1),
        button(t("replay.end"), "▶|", tricks.length - 1, index >= tricks.length - 1)) : null);
    replaceKeepingFocus(board, h("div", { class: "felt bridge phase-over seats-4" }, areas, centre));
  }

  function drawBoeren() {
    const result = data.summary.result || {};
    const scores = data.summary.scores || [];
    return h("table", { class: "score-table" },
      h("thead", null, h("tr", null, h("th", null, ""), h("th", { scope: "col" }, t("boeren.bidcol")), h("th", { scope: "col" }, t("boeren.woncol")), h("th", { scope: "col" }, t("points")))),
      h("tbody", null, (result.bids || []).map((bid, p) => h("tr", { class: bid === result.tricks[p] ? "exact" : "" },
        h("th", { scope: "row" }, t("player.n", { n: p + 1 })), h("td", null, String(bid)), h("td", null, String(result.tricks[p])), h("td", null, scores[p] === undefined ? "" : formatNumber(scores[p]))))));
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
          board),
        h("aside", { class: "table-side" },
          h("section", { class: "panel" }, h("h2", null, t("auction")), auctionGrid(record.calls || [], record.dealer)),
          h("section", { class: "panel" }, h("h2", null, t("result")),
            h("p", null, resultText({ contract: record.contract, declarer_tricks: record.declarer_tricks, claimed: record.claimed, passed_out: record.passed_out, difference: record.contract ? record.declarer_tricks - record.contract.level - 6 : 0 })),
            typeof score.ns_score === "number" ? h("p", null, `${t("side.NS")}: ${formatNumber(score.ns_score)}`) : null),
          analysisView(data.summary.analysis),
          h("section", { class: "panel downloads" }, h("h2", null, t("download")),
            h("a", { class: "btn", href: `/api/deals/${data.deal}/pbn`, download: `vaza-${data.deal}.pbn` }, t("download.pbn")), " ",
            h("a", { class: "btn", href: `/api/deals/${data.deal}/lin`, download: `vaza-${data.deal}.lin` }, t("download.lin")))))));
    drawBoard();
  }

  draw();
  load();
  return { refresh: () => { if (data || problem) draw(); } };
}
