// Your finished deals, newest first, each opening in the deal viewer.

import { h } from "../lib/dom.js";
import { t, formatDate, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser } from "../lib/session.js";
import { contractEl } from "../lib/cards.js";
import { games } from "../lib/games.js";

/** The contract and how it went (Boerenbridge: the bids and tricks of the round). */
export function summaryText(row) {
  const summary = row.summary || {};
  const result = summary.result || {};
  if (row.game === "boerenbridge") {
    return [h("span", null, t("boeren.history", { bids: (result.bids || []).join("-"), tricks: (result.tricks || []).join("-") })), ""];
  }
  if (result.passed_out || !result.contract) return [h("span", null, t("passed.out")), ""];
  const d = result.difference;
  const outcome = d === 0 ? "=" : d > 0 ? `+${d}` : String(d);
  return [contractEl(result.contract), outcome];
}

/** Each side's points on the deal ("N-S 420", "N-S 70 · E-W 50"), in IMPs where the scoring
 *  counts them (the server says). */
export function pointsText(points) {
  if (!points) return "";
  const unit = points.unit === "imps" ? ` ${t("imps.short")}` : "";
  const sides = ["NS", "EW"].filter((side) => points[side]);
  if (!sides.length) return "0";
  return sides.map((side) => `${t(`side.${side}`)} ${formatNumber(points[side])}${unit}`).join(" · ");
}

export function mount(root) {
  let offset = 0;
  let rows = [];
  let done = false;
  let problem = null;
  const shown = { game: "", scoring: "" }; // what the list is filtered to ("": all)

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
    // The registry's order and labels, for the games and scorings of the deals listed.
    const played = games().filter((game) => rows.some((row) => row.game === game.game));
    const scored = [...new Set(played.flatMap((game) => game.scorings.map((scoring) => scoring.name)))]
      .filter((name) => rows.some((row) => row.scoring === name));
    const listed = rows.filter((row) => (!shown.game || row.game === shown.game) && (!shown.scoring || row.scoring === shown.scoring));
    const filter = (key, label, all, names, text) => names.length > 1 ? h("label", { class: "history-filter" }, `${t(label)} `,
      h("select", { name: key, onchange: (event) => { shown[key] = event.target.value; draw(); } },
        h("option", { value: "", selected: !shown[key] }, t(all)),
        names.map((name) => h("option", { value: name, selected: shown[key] === name }, text(name))))) : null;
    const columns = ["history.when", "history.game", "history.scoring", "history.deal", "history.contract", "history.result", "history.points"];
    root.replaceChildren(h("section", { class: "page" },
      h("h1", null, t("nav.history")),
      problem ? h("p", { class: "problem", role: "alert" }, problem) : null,
      filter("game", "history.filter", "history.all", played.map((game) => game.game), (name) => t(`game.${name}`)),
      filter("scoring", "history.scoring", "history.all.scorings", scored, (name) => t(`scoring.${name}`)),
      listed.length ? h("div", { class: "table-scroll" }, h("table", { class: "score-table history" },
        h("thead", null, h("tr", null, columns.map((key) => h("th", { scope: "col" }, t(key))), h("th", null, ""))),
        h("tbody", null, listed.map((row) => {
          const [contract, outcome] = summaryText(row);
          return h("tr", { dataset: { deal: row.deal, game: row.game, scoring: row.scoring || "" } },
            h("td", null, formatDate(row.at)),
            h("td", null, t(`game.${row.game}`)),
            h("td", null, row.scoring ? t(`scoring.${row.scoring}`) : ""),
            h("td", null, String(row.number)),
            h("td", null, contract),
            h("td", null, outcome, row.robot_finished ? h("span", { class: "badge robot-for", title: t("seats.robot.for.about") }, t("seats.robot.for")) : null),
            h("td", { class: "points" }, pointsText(row.points)),
            h("td", null, h("a", { href: `/deal/${row.deal}` }, t("history.open"))));
        }))))
        : h("p", { class: "empty" }, t("history.empty")),
      !done && rows.length ? h("button", { type: "button", class: "btn", onclick: load }, t("history.more")) : null));
  }

  draw();
  load();
  return { refresh: draw };
}
