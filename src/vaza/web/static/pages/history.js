// Your finished deals, newest first, each opening in the deal viewer.

import { h } from "../lib/dom.js";
import { t, formatDate, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser } from "../lib/session.js";
import { contractEl } from "../lib/cards.js";

export function summaryText(row) {
  const summary = row.summary || {};
  const result = summary.result || {};
  if (row.game === "boerenbridge") {
    return h("span", null, t("boeren.history", { bids: (result.bids || []).join("-"), tricks: (result.tricks || []).join("-") }));
  }
  if (result.passed_out || !result.contract) return h("span", null, t("passed.out"));
  const d = result.difference;
  const outcome = d === 0 ? "=" : d > 0 ? `+${d}` : String(d);
  const score = summary.score && typeof summary.score.ns_score === "number" ? ` · ${t("side.NS")} ${formatNumber(summary.score.ns_score)}` : "";
  return h("span", null, contractEl(result.contract), ` ${outcome}${score}`);
}

export function mount(root) {
  let offset = 0;
  let rows = [];
  let done = false;
  let problem = null;

  async function load() {
    if (!currentUser()) {
      draw();
      return;
    }
    try {
      const more = await api.get(`/api/history?offset=${offset}`);
      rows = rows.concat(more);
      offset += more.length;
      done = more.length < 50;
    } catch (error) {
      problem = error.message;
    }
    draw();
  }

  function draw() {
    if (!currentUser()) {
      root.replaceChildren(h("section", { class: "page narrow" }, h("h1", null, t("nav.history")), h("p", null, t("history.login")), h("a", { class: "btn btn-primary", href: "/login?next=/history" }, t("login"))));
      return;
    }
    root.replaceChildren(h("section", { class: "page" },
      h("h1", null, t("nav.history")),
      problem ? h("p", { class: "problem", role: "alert" }, problem) : null,
      rows.length ? h("table", { class: "score-table history" },
        h("thead", null, h("tr", null, ["history.when", "history.game", "history.deal", "history.result"].map((key) => h("th", { scope: "col" }, t(key))), h("th", null, ""))),
        h("tbody", null, rows.map((row) => h("tr", { dataset: { deal: row.deal } },
          h("td", null, formatDate(row.at)),
          h("td", null, t(`game.${row.game}`)),
          h("td", null, String(row.number)),
          h("td", null, summaryText(row)),
          h("td", null, h("a", { href: `/deal/${row.deal}` }, t("history.open")))))))
        : h("p", { class: "empty" }, t("history.empty")),
      !done && rows.length ? h("button", { type: "button", class: "btn", onclick: load }, t("history.more")) : null));
  }

  draw();
  load();
  return { refresh: draw };
}
