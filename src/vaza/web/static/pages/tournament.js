// One duplicate event: what it is, the buttons to play my boards (a robot tournament) or take a
// seat (a pairs game or match), the organiser's start and close, the rankings, the boards (each
// opened with ?board=n: its deal, double dummy and par, and its traveller — every result with
// its score, matchpoints and IMPs), and the whole event as a PBN file.  The server decides what
// may be seen: a board is opened only once you have played it, or when the event is over.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t, has, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser, playAsGuest } from "../lib/session.js";
import { dialog, navigate, showError, toast } from "../lib/ui.js";
import { contractEl } from "../lib/cards.js";
import { analysisView } from "../table/analysis.js";
import { dealFelt } from "./deal.js";
import { scoringText } from "./tournaments.js";
import { boardsText, parseContract, tableLink } from "../table/ending.js";

const POLL_MS = 5000;
const SEAT_ORDER = ["N", "E", "S", "W"];

function signed(value) {
  if (value === null || value === undefined) return "";
  return `${value > 0 ? "+" : ""}${formatNumber(value)}`;
}

function plain(value) {
  return value === null || value === undefined ? "" : formatNumber(value);
}

export function mount(root, [eventId], query) {
  const boardParam = Number(query.get("board"));
  const board = Number.isInteger(boardParam) && boardParam > 0 ? boardParam : null;
  let data = null;
  let problem = null;
  let traveller = null;
  let hidden = false;
  let travellerProblem = null;
  let busy = false;
  let timer = null;
  let lastOverview = "";
  let alive = true;
  const box = h("div", { class: "page event-page" });
  root.replaceChildren(box);

  const path = (extra = "") => `/api/events/${encodeURIComponent(eventId)}${extra}`;
  const here = (n = null) => `/events/${encodeURIComponent(eventId)}${n ? `?board=${n}` : ""}`;
  const me = () => currentUser();
  const myEntries = () => new Set(((data && data.you && data.you.seats) || []).map((seat) => seat.entry));

  // -- loading ---------------------------------------------------------------------------

  async function loadOverview() {
    try {
      data = await api.get(path());
      problem = null;
    } catch (error) {
      problem = error.status === 404 ? t("events.notfound") : error.message;
    }
  }

  /** The overview says which boards the reader may open; a locked one is not asked for (the
   *  server would refuse it with 403 not_visible, which the page also understands). */
  async function loadTraveller() {
    if (!board) return;
    const listed = ((data && data.boards) || []).find((item) => item.board === board);
    if (listed && !listed.visible) {
      traveller = null;
      hidden = true;
      travellerProblem = null;
      return;
    }
    try {
      traveller = await api.get(path(`/boards/${board}`));
      hidden = false;
      travellerProblem = null;
    } catch (error) {
      traveller = null;
      hidden = error.status === 403 && error.code === "not_visible";
      travellerProblem = hidden ? null : error.status === 404 ? t("events.board.none", { n: board }) : error.message;
    }
  }

  async function load() {
    await loadOverview();
    if (!problem) await loadTraveller();
    if (!alive) return;
    lastOverview = JSON.stringify(data);
    draw();
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    if (!alive || problem || !data) return;
    const over = ["finished", "closed"].includes(data.event.status);
    const waiting = board && traveller && !traveller.analysis;
    if (over && !waiting) return;
    timer = setTimeout(poll, POLL_MS);
  }

  /** While the event is played, results come in: redraw when the overview changes, and
   *  fetch the open board again when its results (or its analysis) may have. */
  async function poll() {
    if (document.hidden) {
      schedule();
      return;
    }
    const before = lastOverview;
    const readyBefore = readyTables().length;
    await loadOverview();
    if (alive && readyTables().length > readyBefore) toast(t("eventlinks.ready.toast", { event: data.event.name }));
    const now = JSON.stringify(data);
    const changed = now !== before;
    lastOverview = now;
    const travelled = JSON.stringify([traveller, hidden]);
    if (board && !problem && (changed || (traveller && !traveller.analysis))) await loadTraveller();
    if (alive && (changed || JSON.stringify([traveller, hidden]) !== travelled)) draw();
    schedule();
  }

  // -- names -----------------------------------------------------------------------------

  /** An entry's name in the reader's language, built from its key and the people who took
   *  its seats (the server's own names are English). */
  function entryName(entry, fallback) {
    const robotTable = /^R(\d+)-NS$/.exec(entry);
    if (robotTable) return t("events.entry.robots", { n: robotTable[1] });
    if (/-EW$/.test(entry) && /^[UR]/.test(entry)) return t("events.entry.robotsEW");
    if (/^U\d+$/.test(entry)) return fallback || entry;
    const found = ((data && data.entries) || []).find((item) => item.entry === entry);
    if (!found) return fallback || entry;
    const names = SEAT_ORDER.filter((seat) => seat in found.seats).map((seat) => found.seats[seat]);
    const people = names.filter(Boolean);
    if (entry === "A" || entry === "B") {
      return t("events.entry.team", { team: entry, names: people.length ? people.join(", ") : t("events.entry.robotsEW") });
    }
    if (!people.length) return t("events.entry.robotsEW");
    return names.map((name) => name || t("robot")).join(" & ");
  }

  function tableName(result) {
    if (data.event.kind === "teams") return t(result.table === 1 ? "events.room.open" : "events.room.closed");
    if (data.event.kind === "pairs") return t("events.table.round", { table: result.table, round: result.round });
    return String(result.table);
  }

  // -- actions ---------------------------------------------------------------------------

  async function act(what, body = {}) {
    if (busy) return null;
    busy = true;
    draw();
    try {
      return await api.post(path(`/${what}`), body);
    } catch (error) {
      showError(error.code || (error.status === 403 ? "forbidden" : "illegal_action"), error.message);
      return null;
    } finally {
      busy = false;
      draw();
    }
  }

  async function play() {
    const table = await act("play");
    if (table) navigate(`/table/${encodeURIComponent(table.table)}?invite=${encodeURIComponent(table.invite)}`);
  }

  async function join(entry, seat) {
    const overview = await act("join", { entry, seat });
    if (overview) {
      data = overview;
      draw();
    }
  }

  async function start() {
    const overview = await act("start");
    if (overview) {
      data = overview;
      draw();
      schedule();
    }
  }

  async function close() {
    const yes = await dialog({
      title: t("events.close"),
      body: [h("p", null, t("events.close.sure"))],
      buttons: [{ label: t("cancel"), value: false }, { label: t("events.close"), value: true, primary: true }],
    });
    if (!yes) return;
    const overview = await act("close");
    if (overview) {
      data = overview;
      await loadTraveller();
      draw();
    }
  }

  async function copyLink() {
    const link = `${location.origin}${here()}`;
    try {
      await navigator.clipboard.writeText(link);
      toast(t("events.link.copied"));
    } catch {
      toast(link, { timeout: 20000 });
    }
  }

  async function guest() {
    try {
      await playAsGuest();
    } catch (error) {
      showError(error.code, error.message, error.data);
    }
  }

  // -- drawing ---------------------------------------------------------------------------

  function head() {
    const event = data.event;
    const rules = event.rules || {};
    const source = event.source || {};
    const sourceText = source.kind === "seed" && source.seed !== undefined
      ? t("events.source.seed.shown", { seed: source.seed })
      : t(`events.source.head.${source.kind || "random"}`);
    return h("header", { class: "event-head" },
      h("h1", null, event.name, " ",
        h("span", { class: "badge" }, t(`events.kind.${event.kind}`)),
        h("span", { class: `badge status-${event.status}`, dataset: { status: event.status } }, t(`events.status.${event.status}`)),
        event.public ? null : h("span", { class: "badge" }, t("private"))),
      h("p", { class: "muted" }, [
        t("events.boards.n", { n: rules.boards }),
        scoringText(event),
        event.kind === "pairs" ? t("events.movement", { tables: rules.tables, rounds: rules.rounds }) : null,
        sourceText,
      ].filter(Boolean).join(" · ")));
  }

  function myTables() {
    const tables = (data.you && data.you.tables) || [];
    if (!tables.length) return null;
    return h("ul", { class: "my-tables" }, tables.map((table) => h("li", null,
      h("a", { class: `btn ${table.status === "finished" ? "" : "btn-primary"}`, href: tableLink(table) },
        t("eventlinks.table.go", { seat: t(`seat.long.${table.seat}`), boards: boardsText(table.boards[0], table.boards[1]) })),
      " ",
      h("span", { class: "muted small" }, data.event.kind === "pairs" ? `${t("events.table.round", { table: table.number, round: table.round })} · ` : "", has(`status.${table.status}`) ? t(`status.${table.status}`) : table.status))));
  }

  /** The tables of mine whose results are ready (each finished, and every table compared
   *  with it too). */
  function readyTables(overview = data) {
    return ((overview && overview.you && overview.you.tables) || []).filter((table) => table.status === "finished" && table.ready);
  }

  /** Once I have finished a table: whether its results are ready, or still waiting for the
   *  other tables that play its boards. */
  function readyNotice() {
    const done = ((data.you && data.you.tables) || []).filter((table) => table.status === "finished");
    if (!done.length) return null;
    const ready = done.every((table) => table.ready);
    const over = ["finished", "closed"].includes(data.event.status);
    const last = done[done.length - 1];
    const text = !ready ? t("eventlinks.waiting")
      : over ? t("eventlinks.ready.final")
        : data.event.kind === "pairs" ? t("eventlinks.ready.round", { round: last.round }) : t("eventlinks.ready");
    return h("p", { class: `notice ${ready ? "notice-ready" : "notice-waiting"}`, role: "status", dataset: { notice: ready ? "ready" : "waiting" } }, text);
  }

  function robotActions() {
    const status = data.event.status;
    const mine = ((data.you && data.you.tables) || [])[0];
    if (mine && mine.status === "finished") return h("p", { class: "done" }, t("events.played.all"));
    if (mine) return h("button", { type: "button", class: "btn btn-primary btn-large", dataset: { action: "play" }, disabled: busy, onclick: play }, t("events.play.continue"));
    if (status !== "open") return h("p", { class: "muted" }, t("events.closed.noplay"));
    return h("button", { type: "button", class: "btn btn-primary btn-large", dataset: { action: "play" }, disabled: busy, onclick: play }, t("events.play"));
  }

  function seatLabel(entry, seat) {
    if (data.event.kind !== "teams") return t(`seat.long.${seat}`);
    const open = (entry === "A") === (seat === "N" || seat === "S");
    return `${t(`seat.long.${seat}`)} · ${t(open ? "events.room.open" : "events.room.closed")}`;
  }

  function joinGrid() {
    const entries = data.entries || [];
    if (!entries.length) return null;
    const open = data.event.status === "open";
    const seated = ((data.you && data.you.seats) || []).length > 0;
    return h("div", { class: "entries" },
      entries.map((item) => h("section", { class: "entry-card", dataset: { entry: item.entry } },
        h("h3", null, item.entry === "A" || item.entry === "B" ? t("events.team", { team: item.entry }) : t("events.pair", { pair: item.entry })),
        h("ul", null, SEAT_ORDER.filter((seat) => seat in item.seats).map((seat) => h("li", null,
          h("span", { class: "seat-letter" }, seatLabel(item.entry, seat)), " ",
          item.seats[seat]
            ? h("strong", null, item.seats[seat])
            : open && me() && !seated
              ? h("button", { type: "button", class: "btn btn-small", disabled: busy, dataset: { entry: item.entry, seat }, onclick: () => join(item.entry, seat) }, t("events.join.seat"))
              : h("span", { class: "muted" }, open ? t("seat.free") : t("robot"))))))));
  }

  function actions() {
    const event = data.event;
    const parts = [];
    if (!me()) {
      parts.push(h("p", null, t("events.login.play")), h("button", { type: "button", class: "btn btn-primary", onclick: guest }, t("guest.play")));
    } else if (event.kind === "robot") {
      parts.push(h("p", { class: "muted small" }, t("events.robot.how")), robotActions());
    } else {
      if (event.status === "open") parts.push(h("p", { class: "muted small" }, t(`events.join.how.${event.kind}`)));
      parts.push(myTables());
    }
    if (me()) parts.push(readyNotice());
    if (event.kind !== "robot") parts.push(joinGrid());
    const organiser = Boolean(data.you && data.you.organiser);
    const over = event.status === "finished" || event.status === "closed";
    const tools = [
      organiser && event.kind !== "robot" && event.status === "open"
        ? h("button", { type: "button", class: "btn", dataset: { action: "start" }, disabled: busy, onclick: start }, t("events.start")) : null,
      organiser && !over ? h("button", { type: "button", class: "btn btn-quiet", dataset: { action: "close" }, disabled: busy, onclick: close }, t("events.close")) : null,
      h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: copyLink }, t("events.link")),
      h("a", { class: "btn btn-small", href: path("/pbn"), download: `vaza-event-${eventId}.pbn`, dataset: { download: "pbn" } }, t("events.pbn")),
    ];
    return h("section", { class: "panel event-actions", "aria-label": t("events.actions") }, parts, h("div", { class: "event-tools" }, tools));
  }

  function standings() {
    const groups = data.standings || [];
    const mine = myEntries();
    const imps = (data.event.rules || {}).scoring === "imps" || data.event.kind === "teams";
    const parts = groups.map((group) => {
      const rows = group.rankings || [];
      const showMp = rows.some((row) => row.percent !== null && row.percent !== undefined);
      const columns = imps ? ["imps", ...(showMp ? ["percent", "matchpoints"] : [])] : ["percent", "matchpoints", "imps"];
      // Each wide table a region one may scroll by keyboard too (WCAG 2.1.1): focusable, named.
      return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t(`events.group.${group.group}`) }, h("table", { class: "score-table standings", dataset: { group: group.group } },
        h("caption", null, t(`events.group.${group.group}`)),
        h("thead", null, h("tr", null,
          h("th", { scope: "col" }, t("events.col.place")),
          h("th", { scope: "col" }, t("events.col.entry")),
          h("th", { scope: "col" }, t("events.col.played")),
          columns.map((column) => h("th", { scope: "col" }, t(`events.col.${column}`))))),
        h("tbody", null, rows.length
          ? rows.map((row) => h("tr", { class: mine.has(row.entry) ? "mine" : "", dataset: { entry: row.entry } },
            h("td", null, row.place),
            h("th", { scope: "row" }, entryName(row.entry, row.name), row.robots ? h("span", { class: "badge robot-badge" }, t("robot")) : null),
            h("td", null, String(row.boards)),
            columns.map((column) => h("td", null, column === "imps" ? signed(row.imps) : column === "percent" ? (row.percent === null ? "" : `${formatNumber(row.percent)}%`) : plain(row.matchpoints)))))
          : h("tr", null, h("td", { colspan: 3 + columns.length, class: "empty" }, t("events.standings.empty"))))));
    });
    return h("section", { class: "panel standings-panel" }, h("h2", null, t("events.standings")), parts);
  }

  function boardList() {
    const boards = data.boards || [];
    return h("section", { class: "panel boards-panel" },
      h("h2", null, t("events.boards.title")),
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("events.boards.title") }, h("table", { class: "score-table board-list" },
        h("caption", { class: "sr-only" }, t("events.boards.title")),
        h("thead", null, h("tr", null, ["board", "dealer", "events.col.vul", "events.col.results", "events.col.state"].map((key) => h("th", { scope: "col" }, t(key))))),
        h("tbody", null, boards.map((item) => h("tr", { class: item.board === board ? "current" : "", dataset: { board: String(item.board), visible: String(item.visible) } },
          h("th", { scope: "row" }, h("a", { href: here(item.board), "aria-label": t("board.n", { n: item.board }), "aria-current": item.board === board ? "page" : null }, String(item.board))),
          h("td", null, t(`seat.${item.dealer}`)),
          h("td", null, t(`vul.${item.vulnerability}`)),
          h("td", null, String(item.results)),
          h("td", { class: item.visible ? "open" : "hidden-board" },
            item.played ? t("events.board.played") : item.visible ? t("events.board.open") : t("events.board.locked"))))))),
      h("p", { class: "muted small" }, t("events.boards.about")));
  }

  function travellerTable() {
    const results = traveller.results || [];
    if (!results.length) return h("p", { class: "empty" }, t("events.traveller.empty"));
    const mine = myEntries();
    const showMp = results.some((r) => r.ns_mp !== null && r.ns_mp !== undefined);
    const showEw = data.event.kind === "pairs";
    return h("div", { class: "traveller-scroll", tabindex: "0", role: "region", "aria-label": t("events.traveller", { n: traveller.board }) }, h("table", { class: "score-table traveller" },
      h("caption", null, t("events.traveller", { n: traveller.board })),
      h("thead", null, h("tr", null,
        h("th", { scope: "col" }, t(data.event.kind === "teams" ? "events.col.room" : "table")),
        h("th", { scope: "col" }, t("side.NS")),
        h("th", { scope: "col" }, t("side.EW")),
        h("th", { scope: "col" }, t("contract")),
        h("th", { scope: "col" }, t("events.col.result")),
        h("th", { scope: "col" }, t("events.col.score.ns")),
        h("th", { scope: "col" }, t("events.col.score.ew")),
        showMp ? h("th", { scope: "col" }, t("events.col.mp.ns")) : null,
        showMp ? h("th", { scope: "col" }, t("events.col.percent.ns")) : null,
        showMp && showEw ? h("th", { scope: "col" }, t("events.col.mp.ew")) : null,
        h("th", { scope: "col" }, t("events.col.imps.ns")),
        showEw ? h("th", { scope: "col" }, t("events.col.imps.ew")) : null,
        h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("deal.viewer"))))),
      h("tbody", null, results.map((result) => {
        const ours = mine.has(result.ns) || mine.has(result.ew);
        const contract = parseContract(result.contract, result.declarer);
        const difference = contract && typeof result.tricks === "number" ? result.tricks - contract.level - 6 : null;
        return h("tr", { class: ours ? "mine" : "", dataset: { ns: result.ns, ew: result.ew } },
          h("td", null, tableName(result)),
          h("td", { class: "name" }, entryName(result.ns, result.ns_name)),
          h("td", { class: "name" }, entryName(result.ew, result.ew_name)),
          h("td", { class: "contract-cell" }, contract ? contractEl(contract) : t("passed.out")),
          h("td", { title: typeof result.tricks === "number" ? t("result.tricks", { n: result.tricks }) : null },
            difference === null ? "" : difference === 0 ? "=" : difference > 0 ? `+${difference}` : `−${-difference}`),
          h("td", null, result.ns_score > 0 ? formatNumber(result.ns_score) : ""),
          h("td", null, result.ns_score < 0 ? formatNumber(-result.ns_score) : ""),
          showMp ? h("td", null, plain(result.ns_mp)) : null,
          showMp ? h("td", null, result.ns_percent === null ? "" : `${formatNumber(result.ns_percent)}%`) : null,
          showMp && showEw ? h("td", null, plain(result.ew_mp)) : null,
          h("td", { class: result.ns_imps < 0 ? "minus" : "" }, signed(result.ns_imps)),
          showEw ? h("td", { class: result.ew_imps < 0 ? "minus" : "" }, signed(result.ew_imps)) : null,
          h("td", null, ours && result.deal ? h("a", { href: `/deal/${result.deal}`, class: "btn btn-small" }, t("events.open.deal")) : null));
      }))));
  }

  function boardView() {
    if (!board) return null;
    const back = h("a", { class: "btn btn-small btn-quiet", href: here() }, t("events.board.back"));
    const title = h("h2", null, t("board.n", { n: board }));
    if (hidden) {
      return h("section", { class: "panel board-view" }, h("div", { class: "board-head" }, title, back),
        h("p", { class: "hidden-note", role: "status" }, t("events.board.hidden", { n: board })));
    }
    if (travellerProblem) {
      return h("section", { class: "panel board-view" }, h("div", { class: "board-head" }, title, back),
        h("p", { class: "problem", role: "alert" }, travellerProblem));
    }
    if (!traveller) return h("section", { class: "panel board-view" }, title, h("p", null, t("loading")));
    const par = traveller.analysis && traveller.analysis.par;
    return h("section", { class: "panel board-view" },
      h("div", { class: "board-head" }, title, back),
      h("div", { class: "info-strip" }, h("div", { class: "info-items" },
        h("span", { class: "info-item" }, `${t("dealer")}: `, h("strong", null, t(`seat.long.${traveller.dealer}`))),
        h("span", { class: "info-item" }, `${t("vul")}: `, h("strong", null, t(`vul.${traveller.vulnerability}`))),
        typeof traveller.datum === "number" ? h("span", { class: "info-item" }, `${t("events.datum")}: `, h("strong", null, signed(traveller.datum))) : null)),
      h("div", { class: "board-body" },
        h("div", { class: "felt-box" }, dealFelt({
          hands: traveller.hands,
          dealer: traveller.dealer,
          vulnerability: traveller.vulnerability,
          centre: h("div", { class: "deal-result" }, h("strong", null, t("board.n", { n: traveller.board })),
            par && typeof par.score === "number" ? h("p", { class: "small" }, `${t("analysis.par")}: ${t("side.NS")} ${signed(par.score)}`) : null),
        })),
        h("div", { class: "board-analysis" },
          traveller.analysis ? analysisView(traveller.analysis, { playCost: false }) : h("p", { class: "muted small" }, t("events.analysis.coming")))),
      travellerTable());
  }

  function draw() {
    if (problem) {
      box.replaceChildren(h("section", { class: "narrow" }, h("h1", null, t("events.title")), h("p", { class: "problem", role: "alert" }, problem),
        h("a", { class: "btn", href: "/events" }, t("events.all"))));
      return;
    }
    if (!data) {
      box.replaceChildren(h("p", null, t("loading")));
      return;
    }
    replaceKeepingFocus(box,
      h("p", { class: "crumbs" }, h("a", { href: "/events" }, t("events.all"))),
      head(),
      actions(),
      h("div", { class: "event-layout" },
        h("div", { class: "event-main" }, boardView(), standings()),
        h("aside", { class: "event-side" }, boardList())));
  }

  draw();
  load();
  return {
    unmount() {
      alive = false;
      clearTimeout(timer);
    },
    refresh() {
      load();
    },
  };
}
