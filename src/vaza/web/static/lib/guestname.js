// A guest's chosen name: its field and what saving it does, for the settings page and the
// lobby's friends panel alike (a registered name stays: others know it by it).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { currentUser, renameGuest } from "./session.js";
import { showError, toast } from "./ui.js";

/** The guest's name field: 3 to 24 characters, as any name. */
export function guestNameInput(id) {
  return h("input", { id, name: "name", value: currentUser().name, minlength: 3, maxlength: 24, autocomplete: "nickname", required: true });
}

/** The submit handler of a form holding `input`: renames the guest and says so, then `after()`. */
export function renamesGuest(input, after = () => {}) {
  return async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name || name === currentUser().name) return;
    try {
      const renamed = await renameGuest(name);
      toast(t("settings.name.saved", { name: renamed.name }), { timeout: 3000 });
    } catch (error) {
      // The account's refusal (taken, or letters a name may not have), in the reader's words.
      if (error.code === "account") toast(t("settings.name.refused", { name }), { kind: "error", timeout: 8000 });
      else showError(error.code, error.message, error.data);
    }
    after();
  };
}
