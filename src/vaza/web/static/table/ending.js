// The end of an event table (a robot tournament's, a pairs round's, a team match's): once its
// last board is over, the player's result on each board with what it earned, where they stand,
// and the links that lead on — the event's ranking, each board's traveller (the board's number),
// their table of the next round — with a notice when the results are ready (every table compared with theirs has
// finished).  The server answers only the table's own players (`/api/events/at-table/{id}`);
// for an ordinary table it says `event: null` and nothing is drawn.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { contractEl } from "../lib/cards.js";
import { toast } from "../lib/ui.js";

const POLL_MS = 5000;

/** "board 3", or "boards 3–5": a one-board round never reads "boards 1–1". */
export function boardsText(first, last) {
  return first === last ? t("eventlinks.boards.one", { n: first }) : t("eventlinks.boards.many", { first, last });
}

/** "4HX" (a traveller's contract) as the object contractEl draws. */
export function parseContract(text, declarer) {
  const found = /^([1-7])(NT|[SHDC])(X{0,2})$/.exec(String(text || ""));
  if (!found) return null;
  return { level: Number(found[1]), strain: found[2], doubling: found[3].length, declarer };
}

/** A table's address with the invitation its players come in with. */
export function tableLink(table) {
  return `/table/${encodeURIComponent(table.table)}?invite=${encodeURIComponent(table.invite)}`;
}

function signed(value) {
  if (value === null || value === undefined) return "";
  return `${value > 0 ? "+" : ""}${formatNumber(value)}`;
}

function resultMark(contract, tricks) {
  if (!contract || typeof tricks !== "number") return "";
  const difference = tricks - contract.level - 6;
  return difference === 0 ? "=" : difference > 0 ? `+${difference}` : `−${-difference}`;
}

/** The ending drawn into `box`: `update(over)` from each render of the table (asked once the
 *  match is over), `stop()` when the page goes. */
export function eventEnding(box, tableId) {
  let data = null;
  let asked = false;
  let timer = null;
  let alive = true;
  let wasReady = null;

  const eventLink = (board = null) => `/events/${encodeURIComponent(data.event.id)}${board ? `?board=${board}` : ""}`;

  async function load() {
    try {
      data = await api.get(`/api/events/at-table/${encodeURIComponent(tableId)}`);
      if (!data.event) data = false;  // not an event table of mine
    } catch (error) {
      if (error.status === 401) data = false;  // logged out
      else schedule();
      draw();
      return;
    }
    if (!alive) return;
    if (wasReady === false && data.ready) toast(t("eventlinks.ready.toast", { event: data.event.name }));
    wasReady = data.ready;
    draw();
    schedule();
  }

  /** Until the results are ready (and every board of the table is in), ask again now and then. */
  function schedule() {
    clearTimeout(timer);
    const settled = data && data.ready && data.boards.every((board) => board.played);
    if (!alive || data === false || settled) return;
    timer = setTimeout(() => (document.hidden ? schedule() : load()), POLL_MS);
  }

  function boardRow(board, earned) {
    const contract = board.played ? parseContract(board.contract, board.declarer) : null;
    const traveller = t("eventlinks.traveller.of", { n: board.board });
    return h("tr", { dataset: { board: String(board.board) } },
      h("th", { scope: "row" }, board.visible
        ? h("a", { href: eventLink(board.board), dataset: { link: "traveller" }, "aria-label": traveller, title: traveller }, String(board.board))
        : String(board.board)),
      board.played
        ? [h("td", { class: "contract-cell" }, contract ? [contractEl(contract), " ", h("span", { class: "result-mark" }, resultMark(contract, board.tricks))] : t("passed.out")),
          h("td", { class: board.score < 0 ? "minus" : "" }, signed(board.score)),
          h("td", null, earned === "mp" ? (board.percent === null ? "" : `${formatNumber(board.percent)}%`) : signed(board.imps))]
        : h("td", { colspan: 3, class: "muted" }, t("eventlinks.notplayed")));
  }

  function panel() {
    const event = data.event;
    const earned = event.scoring === "mp" ? "mp" : "imps";
    const over = ["finished", "closed"].includes(event.status);
    const notice = data.ready ? (over ? t("eventlinks.ready.final") : t("eventlinks.ready")) : t("eventlinks.waiting");
    const standing = data.standing;
    const next = data.next;
    return h("section", { class: "panel event-ending", "aria-labelledby": "event-ending-title", dataset: { ready: String(data.ready) } },
      h("h2", { id: "event-ending-title" }, t("eventlinks.title", { event: event.name })),
      event.rounds > 1 ? h("p", { class: "muted small" }, t("eventlinks.round", { round: data.table.round, rounds: event.rounds })) : null,
      h("p", { class: `notice ${data.ready ? "notice-ready" : "notice-waiting"}`, role: "status", dataset: { notice: data.ready ? "ready" : "waiting" } }, notice),
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("eventlinks.title", { event: event.name }) }, h("table", { class: "score-table event-results" },
        h("caption", { class: "sr-only" }, t("eventlinks.title", { event: event.name })),
        h("thead", null, h("tr", null,
          h("th", { scope: "col" }, t("board")),
          h("th", { scope: "col" }, t("contract")),
          h("th", { scope: "col" }, t("eventlinks.col.score")),
          h("th", { scope: "col" }, t(`eventlinks.col.earned.${earned}`)))),
        h("tbody", null, data.boards.map((board) => boardRow(board, earned))))),
      standing ? h("p", { class: "standing", dataset: { place: standing.place } }, t("eventlinks.standing", { place: standing.place, of: standing.of }),
        standing.percent !== null && earned === "mp" ? ` · ${formatNumber(standing.percent)}%` : earned === "imps" ? ` · ${signed(standing.imps)} ${t("eventlinks.col.earned.imps")}` : null) : null,
      h("div", { class: "event-links" },
        next ? h("a", { class: "btn btn-primary", href: tableLink(next), dataset: { link: "next", focus: "ending-next" } },
          t("eventlinks.next", { round: next.round, boards: boardsText(next.boards[0], next.boards[1]) })) : null,
        h("a", { class: `btn${next ? "" : " btn-primary"}`, href: eventLink(), dataset: { link: "ranking", focus: "ending-ranking" } }, t("eventlinks.ranking"))));
  }

  function draw() {
    if (!alive) return;
    replaceKeepingFocus(box, data ? panel() : null);
  }

  return {
    update(over) {
      if (over && !asked) {
        asked = true;
        load();
      }
    },
    stop() {
      alive = false;
      clearTimeout(timer);
    },
  };
}
