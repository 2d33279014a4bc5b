// The double-dummy table and par of a finished deal, shown when the server sends them
// (an optional "analysis" in a deal's summary, or an "analysis" WebSocket message).
// Accepted shapes: {"table": {"N": {"C": 8, …, "NT": 9}, …} or "N:8979a E:…",
//                   "par": {"score": 420, "contracts": [{"contract": "4S", "declarer": "N"}]}}

import { h } from "../lib/dom.js";
import { t, formatNumber } from "../lib/i18n.js";
import { suitIcon, SEATS, STRAINS } from "../lib/cards.js";

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

export function analysisView(analysis) {
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
      typeof par.score === "number" ? ` (${t("side.NS")} ${par.score > 0 ? "+" : ""}${formatNumber(par.score)})` : "") : null);
}
