// The score as players keep it: the We/They pad (above and below the line, a line under every
// game) for the pad systems, a list of boards for duplicate.

import { h } from "../lib/dom.js";
import { t, has, formatNumber } from "../lib/i18n.js";

const OTHER = { NS: "EW", EW: "NS" };

function entryText(entry, unit) {
  const value = formatNumber(entry.points);
  return unit === "imps" ? `${value} ${t("imps.short")}` : value;
}

function entryLabel(entry) {
  const key = `entry.${entry.label}`;
  const what = has(key) ? t(key) : entry.label;
  return t("entry.aria", { what, deal: entry.deal, points: entry.points });
}

function stack(entries, unit) {
  return entries.map((entry) => h("li", { class: `pad-entry entry-${entry.label}`, title: entryLabel(entry), "aria-label": entryLabel(entry) },
    entryText(entry, unit), h("sup", { "aria-hidden": "true" }, String(entry.deal))));
}

/** The rubber pad: `we` is the side shown on the left ("Nós"/"We"), the viewer's side. */
export function pad(sheet, { we = "NS" } = {}) {
  const they = OTHER[we];
  const unit = sheet.unit;
  const entries = sheet.entries || [];
  const above = (side) => entries.filter((e) => !e.below && e.side === side).reverse();
  const lastGame = Math.max(1, ...entries.filter((e) => e.below).map((e) => e.game), ...(sheet.lines || []).map((l) => l.game + 1));
  const games = [];
  for (let game = 1; game <= lastGame; game += 1) {
    const line = (sheet.lines || []).find((l) => l.game === game);
    const below = (side) => entries.filter((e) => e.below && e.game === game && e.side === side);
    if (!below(we).length && !below(they).length && !line && game === lastGame && game > 1) continue;
    games.push(h("div", { class: `pad-game${line ? " closed" : ""}`, dataset: { game } },
      h("ol", { class: "pad-col", "aria-label": t("side.we") }, stack(below(we), unit)),
      h("ol", { class: "pad-col", "aria-label": t("side.they") }, stack(below(they), unit)),
      line && line.winner ? h("span", { class: "sr-only" }, t("pad.game.won", { side: t(`side.${line.winner === we ? "we" : "they"}`) })) : null));
  }
  const totals = sheet.totals || { NS: 0, EW: 0 };
  const gamesWon = sheet.games || { NS: 0, EW: 0 };
  // Groups, not an ARIA table: a pad's columns are lists of entries, which a table's rows may
  // not hold (axe: aria-required-children); each part says what it is.
  const total = (side, word) => h("span", null, h("span", { class: "sr-only" }, `${word} ${t("total")}: `),
    formatNumber(totals[side]), unit === "imps" ? ` ${t("imps.short")}` : "");
  return h("div", { class: "pad", role: "group", "aria-label": t("pad.title") },
    h("div", { class: "pad-head" },
      h("span", null, t("side.we"), h("small", null, ` ${t(`side.${we}`)}`)),
      h("span", null, t("side.they"), h("small", null, ` ${t(`side.${they}`)}`))),
    h("div", { class: "pad-above", role: "group", "aria-label": t("pad.above") },
      h("ol", { class: "pad-col", "aria-label": t("side.we") }, stack(above(we), unit)),
      h("ol", { class: "pad-col", "aria-label": t("side.they") }, stack(above(they), unit))),
    h("div", { class: "pad-line", role: "separator", "aria-label": t("pad.line") }),
    h("div", { class: "pad-below", role: "group", "aria-label": t("pad.below") }, games),
    h("div", { class: "pad-total" }, total(we, t("side.we")), total(they, t("side.they"))),
    h("div", { class: "pad-status muted small" },
      sheet.games ? t("pad.games", { we: gamesWon[we], they: gamesWon[they] }) : null,
      sheet.rubber_winner ? ` · ${t("pad.rubber.won", { side: t(`side.${sheet.rubber_winner === we ? "we" : "they"}`) })}` : "",
      sheet.unfinished ? ` · ${t("pad.unfinished")}` : "",
      sheet.over && !sheet.rubber_winner ? ` · ${t("pad.over")}` : "",
      sheet.next ? ` · ${t("pad.next", { deal: sheet.next.deal, dealer: t(`seat.long.${sheet.next.dealer}`), vul: t(`vul.${sheet.next.vulnerability}`) })}` : ""));
}

export function duplicateTable(scores, { we = "NS" } = {}) {
  const deals = scores.deals || [];
  return h("div", { class: "dup" },
    h("table", { class: "score-table" },
      h("caption", { class: "sr-only" }, t("scoring.duplicate")),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("board")), h("th", { scope: "col" }, t("side.NS")), h("th", { scope: "col" }, t("side.EW")))),
      h("tbody", null, deals.map((line) => h("tr", null,
        h("th", { scope: "row" }, String(line.board ?? "")),
        h("td", null, line.ns_score > 0 ? formatNumber(line.ns_score) : ""),
        h("td", null, line.ns_score < 0 ? formatNumber(-line.ns_score) : "")))),
      h("tfoot", null, h("tr", null, h("th", { scope: "row" }, t("total")),
        h("td", null, formatNumber(scores.totals?.NS ?? 0)), h("td", null, formatNumber(scores.totals?.EW ?? 0))))),
    h("p", { class: "muted small" }, t("dup.we", { side: t(`side.${we}`) })));
}

/** Whatever the scoring: the pad for pad systems, the board list for duplicate. */
export function scoreView(scores, options = {}) {
  if (!scores) return null;
  if (scores.entries) return pad(scores, options);
  if (scores.system === "duplicate") return duplicateTable(scores, options);
  return h("pre", { class: "muted small" }, JSON.stringify(scores.totals || {}));
}
