// The deal just played under every scoring the club knows, side by side (issue 19): one row per
// scoring (duplicate twice: its points, and IMPs against the double-dummy par), North–South's
// figure and a one-line reason.  The rows come with the deal's analysis ("compare", built by
// vaza.scoring.compare); the reasons are keys of the compare.* texts and their values.
// Shape: [{"scoring": "rubber", "unit": "points" | "imps", "ns": 220, "against": null | "par",
//          "reasons": [{"key": "compare.tricks", "values": {"side": "NS", "points": 120, …}}]}]

import { h } from "../lib/dom.js";
import { t, has, formatNumber } from "../lib/i18n.js";

/** Keeps "N-S" on one line of a reason. */
const NO_BREAK_HYPHEN = "\u2011";

/** Values shown with their sign: they are North–South's scores, as the column is. */
const SIGNED = new Set(["par", "score", "difference", "expected"]);

function signed(n) {
  if (n > 0) return `+${formatNumber(n)}`;
  if (n < 0) return `−${formatNumber(-n)}`;
  return formatNumber(0);
}

/** A reason's values as the texts want them: sides named, numbers in the reader's style. */
function readable(values) {
  const out = {};
  for (const [name, value] of Object.entries(values || {})) {
    if (name === "side") out.side = t(`side.${value}`).replace("-", NO_BREAK_HYPHEN);
    else if (typeof value === "number" && SIGNED.has(name)) out[name] = signed(value);
    else if (typeof value === "number" && name === "points") out.points = formatNumber(value);
    else out[name] = value;
  }
  return out;
}

export function reasonText(row) {
  return (row.reasons || [])
    .filter((reason) => has(reason.key))
    .map((reason) => t(reason.key, readable(reason.values)))
    .join("; ");
}

function rowLabel(row) {
  const name = has(`scoring.${row.scoring}`) ? t(`scoring.${row.scoring}`) : row.scoring;
  return row.against ? `${name} · ${t(`compare.against.${row.against}`)}` : name;
}

function figure(row) {
  return row.unit === "imps" ? t("compare.imps", { n: row.ns, text: signed(row.ns) }) : signed(row.ns);
}

/** The side-by-side table, or null when the analysis has no rows (another game, or none yet). */
export function compareView(analysis) {
  const rows = analysis && Array.isArray(analysis.compare) ? analysis.compare : [];
  if (!rows.length) return null;
  return h("section", { class: "compare", "aria-label": t("compare.title") },
    h("h3", null, t("compare.title")),
    h("table", { class: "compare-table" },
      h("caption", { class: "sr-only" }, t("compare.caption")),
      h("thead", null, h("tr", null,
        h("th", { scope: "col" }, t("compare.scoring")),
        h("th", { scope: "col", class: "num" }, t("side.NS")))),
      h("tbody", null, rows.map((row) => h("tr", {
        class: row.ns > 0 ? "plus" : row.ns < 0 ? "minus" : "",
        dataset: { scoring: row.scoring, unit: row.unit, against: row.against || "" },
      },
        h("th", { scope: "row" }, h("span", { class: "compare-name" }, rowLabel(row)),
          h("span", { class: "compare-reason" }, reasonText(row))),
        h("td", { class: "num" }, figure(row)))))),
    h("p", { class: "compare-note small muted" }, t("compare.note")));
}
