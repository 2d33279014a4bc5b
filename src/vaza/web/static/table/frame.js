// What the table page draws around the game: its head (title, tools, invitations), the chat,
// the kibitzers and the line of what is being typed.  View functions: each fills the element
// it is given from what it is passed, and keeps no state of its own.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { toast } from "../lib/ui.js";
import { label } from "../lib/games.js";

/** The table's name: its game, and its scoring when the game has several ("Boerenbridge", not
 *  "Boerenbridge · Boerenbridge"); just "table" until the snapshot brings the options. */
export function tableTitle(game, options) {
  if (!game) return t("table");
  return game.scorings.length > 1 ? `${label(game.label)} · ${t(`scoring.${options.scoring}`)}` : label(game.label);
}

/** The head: the title, and the tools (invitation link and form, stand up, leave), which fold
 *  into a menu on a phone.  `p`: {title, isPrivate, menuOpen, link, canInvite, seated, send,
 *  invite, toggleMenu, stand, seatChoice (a seat to offer with the invitation), tools (the
 *  host's)}. */
export function drawHead(head, p) {
  const closeMenu = () => {
    if (p.menuOpen) p.toggleMenu();
  };
  const inviteForm = p.canInvite
    ? h("form", { class: "invite-form", onsubmit: (event) => {
      event.preventDefault();
      const input = event.target.querySelector("input");
      const seat = event.target.querySelector("select")?.value || null;
      if (input.value.trim()) p.invite(input.value.trim(), seat);
      input.value = "";
    } },
    h("label", { class: "sr-only", for: "invite-name" }, t("invite.name")),
    h("input", { id: "invite-name", name: "user", placeholder: t("invite.name"), maxlength: 40, autocomplete: "off", dataset: { focus: "invite-name" } }),
    p.seatChoice || null,
    h("button", { type: "submit", class: "btn btn-small" }, t("invite")))
    : null;
  // A name being typed into the menu survives the redraws that every update causes.
  const draft = head.querySelector("#invite-name")?.value || "";
  const draftSeat = head.querySelector(".invite-seat")?.value || "";
  replaceKeepingFocus(head,
    h("h1", null, p.title, p.isPrivate ? h("span", { class: "badge" }, t("private")) : null),
    h("button", {
      type: "button",
      class: "btn btn-small menu-toggle",
      "aria-expanded": String(p.menuOpen),
      "aria-controls": "table-tools",
      dataset: { focus: "table-menu" },
      onclick: p.toggleMenu,
    }, h("span", { class: "menu-icon", "aria-hidden": "true" }, "☰"), " ", t("table.menu")),
    h("div", { class: `table-tools${p.menuOpen ? " open" : ""}`, id: "table-tools" },
      p.link ? h("button", { type: "button", class: "btn btn-small", onclick: async () => {
        closeMenu();
        try {
          await navigator.clipboard.writeText(p.link);
          toast(t("invite.copied"));
        } catch {
          toast(p.link, { timeout: 20000 });
        }
      } }, t("invite.link")) : null,
      inviteForm,
      ...(p.tools || []),
      p.seated ? h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: () => { closeMenu(); p.stand(); } }, t("seat.stand")) : null,
      h("a", { class: "btn btn-small btn-quiet", href: "/" }, t("table.leave"))));
  const input = head.querySelector("#invite-name");
  if (input && draft) input.value = draft;
  const seat = head.querySelector(".invite-seat");
  if (seat && draftSeat) seat.value = draftSeat;
}

/** Why the table cannot be shown (not found, not yours to watch), with the way back. */
export function problemBox(problem) {
  return h("div", { class: "panel problem-box" }, h("p", { role: "alert" }, problem), h("a", { href: "/", class: "btn" }, t("nav.lobby")));
}

export const loadingNote = () => h("p", { class: "centre-note" }, t("loading"));

/** The last hundred chat lines, scrolled to the newest. */
export function drawChat(list, chat, seatLabel) {
  const shown = chat.slice(-100);
  list.replaceChildren(...shown.map((message) => h("li", { class: message.audience === "kibitzers" ? "from-kibitzer" : "" },
    h("strong", null, message.from), message.seat ? h("span", { class: "muted" }, ` (${seatLabel(message.seat)})`) : null,
    message.audience === "kibitzers" ? h("span", { class: "badge" }, t("chat.to.watchers")) : null,
    ": ", message.text)));
  list.scrollTop = list.scrollHeight;
}

/** The chat panel: its list, and a line to say something when you are logged in (`note`: where
 *  `drawChatNote` says whom it reaches). */
export function drawChatBox(box, list, loggedIn, send, note = null) {
  box.replaceChildren(
    h("h2", null, t("chat")),
    list,
    loggedIn ? h("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const input = event.target.querySelector("input");
      const text = input.value.trim();
      if (text) send({ type: "chat", text });
      input.value = "";
    } },
    h("label", { class: "sr-only", for: "chat-input" }, t("chat.say")),
    h("input", { id: "chat-input", name: "text", maxlength: 500, placeholder: t("chat.say"), autocomplete: "off" }),
    h("button", { type: "submit", class: "btn btn-small" }, t("chat.send"))) : null,
    note);
}

/** A watcher's line during play reaches only the other watchers (the players read it after
 *  the deal): said under the chat line while it is so. */
export function drawChatNote(note, watcherInDeal) {
  const text = watcherInDeal ? t("chat.watchers.only") : "";
  if (note.textContent !== text) note.textContent = text;
  note.hidden = !watcherInDeal;
}

/** Who watches.  The server names watchers when they arrive; someone who sat down since is a
 *  player. */
export function drawKibitzers(box, occupants, kibitzers) {
  const seated = new Set(Object.values(occupants).filter(Boolean).map((o) => o.name));
  const names = (kibitzers || []).filter((name) => !seated.has(name));
  box.replaceChildren(h("h2", null, t("kibitzers.title", { n: names.length })),
    names.length ? h("ul", { class: "kibitzer-list" }, names.map((name) => h("li", null, name))) : h("p", { class: "muted small" }, t("kibitzers.none")));
}

/** What is being typed (a call or a card by the keyboard), and a note when it matched nothing. */
export function drawTyped(box, typed, note = null) {
  // replaceChildren would write a null as the text "null": only the parts there are.
  const parts = [typed ? h("span", null, t("typed"), " ", h("kbd", null, typed.toUpperCase())) : null, note ? h("span", { class: "muted" }, note) : null];
  box.replaceChildren(...parts.filter(Boolean));
}
