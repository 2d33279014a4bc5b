// Short rules of each game, in the reader's language.

import { h } from "../lib/dom.js";
import { t, language } from "../lib/i18n.js";
import en from "../i18n/rules-en.js";
import pt from "../i18n/rules-pt-BR.js";

const TEXTS = { en, "pt-BR": pt };

export function mount(root, [game]) {
  function draw() {
    const texts = TEXTS[language()];
    const rules = game ? texts[game] : null;
    if (!rules) {
      root.replaceChildren(h("section", { class: "page narrow rules" },
        h("h1", null, t("nav.rules")),
        h("ul", { class: "rules-index" }, Object.entries(texts).map(([key, value]) => h("li", null,
          h("a", { href: `/rules/${key}` }, value.title), h("p", { class: "muted small" }, value.lead))))));
      return;
    }
    root.replaceChildren(h("article", { class: "page narrow rules" },
      h("p", null, h("a", { href: "/rules" }, `← ${t("nav.rules")}`)),
      h("h1", null, rules.title),
      h("p", { class: "lead" }, rules.lead),
      rules.sections.map(([heading, paragraphs]) => h("section", null, h("h2", null, heading), paragraphs.map((text) => h("p", null, text))))));
  }
  draw();
  return { refresh: draw };
}
