// The browser client starts here: it loads the session, draws the header, and shows the page
// for the address (every page path serves the same shell; this router picks the page).

import { h, clear } from "./lib/dom.js";
import { suitIcon } from "./lib/cards.js";
import { t, language, setLanguage, onLanguage, LANGUAGES } from "./lib/i18n.js";
import { loadSession, currentUser, onSession, logOut, playAsGuest, updateSettings } from "./lib/session.js";
import { loadGames } from "./lib/games.js";
import * as socket from "./lib/socket.js";
import { navigate, onNavigate, toast, showError } from "./lib/ui.js";
import * as lobby from "./pages/lobby.js";
import * as login from "./pages/login.js";
import * as table from "./pages/table.js";
import * as historyPage from "./pages/history.js";
import * as deal from "./pages/deal.js";
import * as pad from "./pages/pad.js";
import * as settings from "./pages/settings.js";
import * as rules from "./pages/rules.js";
import * as eventsPage from "./pages/tournaments.js";
import * as eventPage from "./pages/tournament.js";

const ROUTES = [
  [/^\/(?:lobby)?$/, lobby, "nav.lobby"],
  [/^\/login$/, login, "login"],
  [/^\/table\/([^/]+)$/, table, "table"],
  [/^\/history$/, historyPage, "nav.history"],
  [/^\/deal\/(\d+)$/, deal, "deal.viewer"],
  [/^\/pad$/, pad, "nav.pad"],
  [/^\/settings$/, settings, "nav.settings"],
  [/^\/rules(?:\/([^/]+))?$/, rules, "nav.rules"],
  [/^\/events$/, eventsPage, "nav.events"],
  [/^\/events\/([^/]+)$/, eventPage, "nav.events"],
];
let titleKey = "notfound.title";

let page = null;
let pageModule = null;
let routed = false;

function route() {
  const main = document.getElementById("main");
  if (page && page.unmount) page.unmount();
  clear(main);
  const path = location.pathname.replace(/\/+$/, "") || "/";
  const found = ROUTES.find(([pattern]) => pattern.test(path));
  pageModule = found ? found[1] : null;
  titleKey = found ? found[2] : "notfound.title";
  if (!pageModule) {
    main.append(h("section", { class: "page narrow" }, h("h1", null, t("notfound.title")),
      h("p", null, h("a", { href: "/" }, t("nav.lobby")))));
    page = null;
  } else {
    const params = path.match(found[0]).slice(1).map((part) => (part ? decodeURIComponent(part) : part));
    // Each page draws into its own box: a late redraw of a page already left lands in a
    // detached box and never over the page now shown.
    const box = h("div", { class: "page-box" });
    main.append(box);
    page = pageModule.mount(box, params, new URLSearchParams(location.search)) || null;
  }
  drawHeader();
  if (routed) {
    // A new page: start at its top, and let a screen reader start there too.
    window.scrollTo(0, 0);
    main.focus({ preventScroll: true });
  }
  routed = true;
}

function refreshPage() {
  // Before the first page is shown, boot shows it once the session and the registry of games
  // are both loaded: a session that arrives first must not draw a page without the games.
  if (!routed) return;
  if (page && page.refresh) page.refresh();
  else route();
}

// -- header ----------------------------------------------------------------------------------

function navLink(path, key) {
  const here = location.pathname === path || (path === "/" && location.pathname === "/lobby")
    || (path !== "/" && location.pathname.startsWith(`${path}/`));
  return h("a", { href: path, class: "nav-link", "aria-current": here ? "page" : null }, t(key));
}

function drawHeader() {
  const me = currentUser();
  document.title = `${t(titleKey)} · Vaza`;
  const top = document.getElementById("top");
  top.replaceChildren(
    h("a", { href: "/", class: "brand", "aria-label": "Vaza" },
      suitIcon("S", "brand-mark"), "Vaza"),
    h("nav", { class: "nav", "aria-label": t("nav.label") },
      navLink("/", "nav.lobby"),
      navLink("/events", "nav.events"),
      me ? navLink("/history", "nav.history") : null,
      navLink("/pad", "nav.pad"),
      navLink("/rules", "nav.rules"),
      me ? navLink("/settings", "nav.settings") : null),
    h("div", { class: "account" },
      h("div", { class: "lang-switch", role: "group", "aria-label": t("language") },
        Object.keys(LANGUAGES).map((code) => h("button", {
          type: "button",
          class: "lang",
          lang: code,
          "aria-pressed": String(code === language()),
          "aria-label": `${code === "en" ? "EN" : "PT"}, ${LANGUAGES[code]["language.name"]}`,
          title: LANGUAGES[code]["language.name"],
          dataset: { lang: code },
          onclick: () => chooseLanguage(code),
        }, code === "en" ? "EN" : "PT"))),
      me
        ? [h("span", { class: "me", title: me.guest ? t("guest") : null }, me.name, me.guest ? h("small", null, ` (${t("guest")})`) : null),
          h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: doLogOut }, t("logout"))]
        : [h("a", { href: "/login", class: "btn btn-small" }, t("login")),
          h("button", { type: "button", class: "btn btn-small btn-primary", onclick: guest }, t("guest.play"))]),
  );
}

async function chooseLanguage(code) {
  try {
    await updateSettings({ language: code });
  } catch (error) {
    showError(error.code, error.message, error.data);
  }
}

async function guest() {
  try {
    await playAsGuest();
  } catch (error) {
    showError(error.code, error.message, error.data);
  }
}

async function doLogOut() {
  try {
    await logOut();
    navigate("/");
  } catch (error) {
    showError(error.code, error.message, error.data);
  }
}

// -- links, session, connection --------------------------------------------------------------

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/static/")) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
});

window.addEventListener("popstate", route);
onNavigate(route);
onLanguage(() => {
  drawHeader();
  refreshPage();
});

let sessionKey = null;
onSession((me) => {
  // A guest's new name is a new session too: the connection reopens under it.
  const key = me ? `${me.id}:${me.name}` : null;
  if (key !== sessionKey) {
    sessionKey = key;
    quietRestart = true;
    socket.restart();
    drawHeader();
    refreshPage();
  }
});

let everOpen = false;
let quietRestart = false;
let statusTimer = null;
socket.onStatus((state) => {
  const bar = document.getElementById("status");
  clearTimeout(statusTimer);
  if (state === "open") {
    if (everOpen && !quietRestart) {
      bar.replaceChildren(h("span", { class: "status-ok" }, t("connection.back")));
      statusTimer = setTimeout(() => bar.replaceChildren(), 2500);
    } else bar.replaceChildren();
    everOpen = true;
    quietRestart = false;
  } else if (everOpen && !quietRestart && (state === "closed" || state === "reconnecting")) {
    bar.replaceChildren(h("span", { class: "status-warn" }, t("connection.lost")));
  }
});

socket.onMessage((message) => {
  if (message.type === "error") showError(message.code, message.message, message);
  if (message.type === "invitation") {
    toast(t("invitation.title", { name: message.by }), {
      timeout: 30000,
      // An invitation naming a seat offers it: "Take seat East" sits there on arrival.
      actions: [{ label: message.seat ? t("seats.invited.seat", { seat: /^\d+$/.test(message.seat) ? t("player.n", { n: Number(message.seat) + 1 }) : t(`seat.long.${message.seat}`) }) : t("invitation.join"),
        onclick: () => navigate(`/table/${encodeURIComponent(message.table)}?invite=${encodeURIComponent(message.invite)}${message.seat ? `&seat=${encodeURIComponent(message.seat)}` : ""}`) }],
    });
  }
});

// For tests and the curious: a way to drop the connection as a network failure would.
window.vaza = { dropConnection: socket.drop, socketStatus: socket.status, setLanguage };

async function boot() {
  const results = await Promise.allSettled([loadSession(), loadGames()]);
  for (const result of results) {
    if (result.status === "rejected") showError(result.reason.code, result.reason.message);
  }
  sessionKey = currentUser() ? currentUser().id : null;
  socket.connect();
  route();
  document.body.dataset.ready = "1";
}

boot();
