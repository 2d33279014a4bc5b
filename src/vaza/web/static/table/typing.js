// Playing by the keyboard: letters and digits typed at the table ("1n", "sq", "p") are matched
// against the actions your seat may take, and sent once they name exactly one.

import { t } from "../lib/i18n.js";
import { match } from "../lib/keyboard.js";
import { drawTyped } from "./frame.js";

/** The key handler for the page: `legal()` the actions you may take now, `send(action)`, and
 *  `onEscape()` for what Escape also closes. */
export function keyTyping({ box, legal, send, onEscape }) {
  let typed = "";
  let timer = null;
  const draw = (note = null) => drawTyped(box, typed, note);
  const nothing = (options) => (options.length ? t("typed.nothing", { text: typed.toUpperCase() }) : t("typed.notturn"));

  function commit() {
    clearTimeout(timer);
    const options = legal();
    const { action } = match(typed, options);
    if (action) send(action);
    else if (typed) draw(nothing(options));
    typed = "";
    if (action) draw();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, dialog, [contenteditable]")) return;
    if (event.key === "Escape") {
      onEscape();
      typed = "";
      draw();
      return;
    }
    if (event.key === "Backspace" && typed) {
      typed = typed.slice(0, -1);
      draw();
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && typed) {
      event.preventDefault();
      commit();
      return;
    }
    // A space between what is typed ("s a") separates; it never presses the focused card.
    if (event.key === " " && typed) {
      event.preventDefault();
      return;
    }
    if (!/^[0-9a-zA-Z]$/.test(event.key)) return;
    typed += event.key;
    clearTimeout(timer);
    const options = legal();
    const { action, more } = match(typed, options);
    if (action && !more) commit();
    else if (!action && !more) {
      draw(nothing(options));
      typed = "";
    } else {
      draw();
      if (action) timer = setTimeout(commit, 1200);
    }
  }

  return { onKey, stop: () => clearTimeout(timer) };
}
