// Your settings (seed 001's table management): language, invitations, sound, compact card
// faces, and the four-colour deck.  Saved at once on the server.

import { h } from "../lib/dom.js";
import { t, LANGUAGES } from "../lib/i18n.js";
import { currentUser, currentSettings, updateSettings } from "../lib/session.js";
import { guestNameInput, renamesGuest } from "../lib/guestname.js";
import { cardFace } from "../lib/cards.js";
import { showError, toast } from "../lib/ui.js";
import { turnSound } from "../lib/sound.js";
import { confirmsCards } from "../table/hands.js";

export function mount(root) {
  async function change(changes) {
    try {
      await updateSettings(changes);
      toast(t("settings.saved"), { timeout: 2000 });
    } catch (error) {
      showError(error.code, error.message, error.data);
    }
    draw();
  }

  function toggle(name, about = null) {
    const settings = currentSettings();
    return h("label", { class: "check setting" },
      h("input", { type: "checkbox", name, checked: Boolean(settings[name]), onchange: (e) => change({ [name]: e.target.checked }) }),
      " ", h("span", null, h("strong", null, t(`settings.${name}`)), about ? h("small", { class: "muted block" }, t(about)) : null));
  }

  /** A guest's name, which it may choose (a registered name stays: others know it by it). */
  function guestName() {
    const user = currentUser();
    if (!user.guest) return null;
    const input = guestNameInput("guest-name");
    return h("form", { class: "guest-name", onsubmit: renamesGuest(input, draw) },
    h("label", { class: "field", for: "guest-name" }, h("span", { class: "field-label" }, t("settings.name")), input),
    h("small", { class: "muted block" }, t("settings.name.about")),
    h("button", { type: "submit", class: "btn btn-small" }, t("settings.name.save")));
  }

  /** The slip guard: shown as it works now (never chosen: on a phone, off at a desk). */
  function confirmToggle() {
    return h("label", { class: "check setting" },
      h("input", { type: "checkbox", name: "confirm_cards", checked: confirmsCards(), onchange: (e) => change({ confirm_cards: e.target.checked }) }),
      " ", h("span", null, h("strong", null, t("settings.confirm_cards")), h("small", { class: "muted block" }, t("settings.confirm_cards.about"))));
  }

  function draw() {
    const settings = currentSettings();
    if (!currentUser()) {
      root.replaceChildren(h("section", { class: "page narrow" }, h("h1", null, t("nav.settings")), h("p", null, t("settings.login")), h("a", { class: "btn btn-primary", href: "/login?next=/settings" }, t("login"))));
      return;
    }
    root.replaceChildren(h("section", { class: "page narrow settings" },
      h("h1", null, t("nav.settings")),
      guestName(),
      h("label", { class: "field" }, h("span", { class: "field-label" }, t("language")),
        h("select", { name: "language", onchange: (e) => change({ language: e.target.value }) },
          Object.keys(LANGUAGES).map((code) => h("option", { value: code, selected: settings.language === code }, LANGUAGES[code]["language.name"])))),
      toggle("accept_invitations", "settings.accept_invitations.about"),
      toggle("sound", "settings.sound.about"),
      settings.sound ? h("button", { type: "button", class: "btn btn-small", onclick: turnSound }, t("settings.sound.try")) : null,
      toggle("compact_cards", "settings.compact_cards.about"),
      toggle("four_colours", "settings.four_colours.about"),
      confirmToggle(),
      h("div", { class: "preview", "aria-label": t("settings.preview") }, ["SA", "HK", "DQ", "CT", "S7"].map((card) => cardFace(card)))));
  }

  draw();
  return { refresh: draw };
}
