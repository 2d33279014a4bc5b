// The lobby's friends panel: your friends by name, who of them is online (and at which public
// table), adding and removing them, and inviting one with one click to the table you sit at.
// A guest may choose its name here too.  The list is asked again every few seconds while the
// page is shown, and at once when it is shown again: presence is the server's, across its
// processes (docs/protocol.md, GET /api/friends).

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { api, request } from "../lib/api.js";
import { currentUser } from "../lib/session.js";
import { guestNameInput, renamesGuest } from "../lib/guestname.js";
import { showError, toast } from "../lib/ui.js";

const EVERY = 10000;

export function mount(root) {
  let data = null; // {friends, limit, your_tables}, as the server last said
  let target = null; // the table an invitation goes to (one of your_tables)
  let timer = null;
  let stopped = false;
  const box = h("section", { class: "panel friends", "aria-labelledby": "friends-title" });
  const list = h("div", { class: "friend-box", "aria-live": "polite" });
  root.replaceChildren(box);

  async function load() {
    if (!currentUser()) {
      data = null;
      return drawList();
    }
    try {
      data = await api.get("/api/friends");
    } catch (error) {
      if (error.status === 401) data = null;
      // Otherwise the last list stays: a moment without the server is not "nobody online".
    }
    if (!stopped) drawList();
  }

  function again() {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(async () => {
      if (document.visibilityState !== "hidden") await load();
      again();
    }, EVERY);
  }

  function shown() {
    if (document.visibilityState === "visible") load();
  }

  async function act(work, success) {
    try {
      const answer = await work();
      if (success) toast(success(answer), { timeout: 3000 });
    } catch (error) {
      showError(error.code, error.message, error.data);
    }
    await load();
  }

  function add(event) {
    event.preventDefault();
    const input = event.target.querySelector("input");
    const name = input.value.trim();
    if (!name) return;
    input.value = "";
    act(() => api.post("/api/friends", { name }), (friend) => t("friends.added", { name: friend.name }));
  }

  function remove(friend) {
    act(() => request("DELETE", `/api/friends/${encodeURIComponent(friend.name)}`), () => t("friends.removed", { name: friend.name }));
  }

  function invite(friend) {
    act(() => api.post(`/api/friends/${encodeURIComponent(friend.name)}/invite`, { table: target }), (answer) => t("invite.sent", { name: answer.name }));
  }

  /** A guest's name, which it may choose here as in the settings. */
  function guestName() {
    const me = currentUser();
    if (!me || !me.guest) return null;
    const input = guestNameInput("friends-guest-name");
    return h("details", { class: "friend-me" },
      h("summary", null, t("friends.you", { name: me.name }), " · ", h("span", { class: "linkish-text" }, t("friends.rename"))),
      h("form", { class: "guest-name", onsubmit: renamesGuest(input) },
      h("label", { class: "sr-only", for: "friends-guest-name" }, t("settings.name")),
      input,
      h("button", { type: "submit", class: "btn btn-small" }, t("settings.name.save"))));
  }

  /** Where a friend is: offline, online, or at a public table (with the way to it). */
  function where(friend) {
    if (!friend.online) return h("span", { class: "friend-state muted" }, t("friends.offline"));
    const spot = friend.table;
    if (!spot) return h("span", { class: "friend-state" }, t("friends.online"));
    const game = t(`game.${spot.game}`);
    if (spot.table === target) return h("span", { class: "friend-state" }, t("friends.at.yours"));
    return h("span", { class: "friend-state" }, t(spot.seated ? "friends.playing" : "friends.watching", { game }), " · ",
      h("a", { href: `/table/${encodeURIComponent(spot.table)}` }, t("lobby.watch")));
  }

  function friendRow(friend) {
    const here = friend.online && target && friend.table?.table !== target;
    return h("li", { class: `friend${friend.online ? " online" : ""}`, dataset: { friend: friend.name } },
      h("span", { class: "presence-dot", "aria-hidden": "true" }),
      h("span", { class: "friend-who" }, h("strong", { class: "friend-name" }, friend.name), " ", where(friend)),
      h("span", { class: "friend-actions" },
        here ? h("button", { type: "button", class: "btn btn-small btn-primary", "aria-label": t("friends.invite.name", { name: friend.name }), dataset: { focus: `invite-${friend.name}`, focusNext: "friend-name" }, onclick: () => invite(friend) }, t("friends.invite")) : null,
        h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": t("friends.remove.name", { name: friend.name }), dataset: { focus: `remove-${friend.name}`, focusNext: "friend-name" }, onclick: () => remove(friend) }, t("friends.remove"))));
  }

  /** Which of your tables an invitation goes to: a choice only when you sit at several. */
  function tableChoice(tables) {
    if (tables.length < 2) return null;
    return h("label", { class: "field friend-target" }, h("span", { class: "field-label" }, t("friends.invite.to")),
      h("select", { name: "invite-table", dataset: { focus: "invite-table" }, onchange: (event) => { target = event.target.value; drawList(); } },
        tables.map((table, index) => h("option", { value: table.table, selected: table.table === target }, t("friends.table.option", { game: t(`game.${table.game}`), n: index + 1 })))));
  }

  function drawList() {
    if (!data) {
      list.replaceChildren();
      return;
    }
    const tables = data.your_tables || [];
    if (!tables.some((table) => table.table === target)) target = tables.length ? tables[0].table : null;
    const friends = data.friends;
    const online = friends.filter((friend) => friend.online).length;
    replaceKeepingFocus(list,
      h("p", { class: "muted small friend-summary" }, t("friends.online.count", { n: online }), " · ", t("friends.count", { n: friends.length, max: data.limit })),
      tableChoice(tables),
      friends.length
        ? h("ul", { class: "friend-list" }, friends.map(friendRow))
        : h("p", { class: "empty" }, t("friends.empty")),
      !tables.length && online ? h("p", { class: "muted small" }, t("friends.sit.first")) : null);
  }

  function draw() {
    if (!currentUser()) {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const draft = box.querySelector("#friend-name")?.value || "";
    replaceKeepingFocus(box,
      h("h2", { id: "friends-title" }, t("friends.title")),
      guestName(),
      h("form", { class: "friend-add", onsubmit: add },
        h("label", { class: "sr-only", for: "friend-name" }, t("friends.add.label")),
        h("input", { id: "friend-name", name: "friend", placeholder: t("friends.add.label"), maxlength: 40, autocomplete: "off", dataset: { focus: "friend-name" }, value: draft }),
        h("button", { type: "submit", class: "btn btn-small" }, t("friends.add"))),
      list);
    drawList();
  }

  document.addEventListener("visibilitychange", shown);
  draw();
  load();
  again();
  return {
    refresh() {
      draw();
      load();
    },
    unmount() {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", shown);
    },
  };
}
