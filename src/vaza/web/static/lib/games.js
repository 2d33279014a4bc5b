// The games a table can play, as the server's registry declares them (GET /api/games): each
// game's labels, players, scorings with the schema of their options, renderer and commands.
// Loaded once at start; no other module keeps a list of games or scorings.

import { api } from "./api.js";
import { LANGUAGES, language } from "./i18n.js";

let catalogue = { games: [], scorings: [] };

/** Fetch the registry and teach the interface its labels (game.*, scoring.*). */
export async function loadGames() {
  catalogue = await api.get("/api/games");
  for (const [code, table] of Object.entries(LANGUAGES)) {
    const pick = (text) => text[code] ?? text.en;
    for (const game of catalogue.games) table[`game.${game.game}`] = pick(game.label);
    for (const scoring of catalogue.scorings) {
      table[`scoring.${scoring.name}`] = pick(scoring.label);
      table[`scoring.${scoring.name}.about`] = pick(scoring.about);
    }
  }
}

export function games() {
  return catalogue.games;
}

export function gameSpec(name) {
  return catalogue.games.find((game) => game.game === name) || null;
}

/** The defaults of a table's own options (`ready_wait`), as the server declares them. */
export function tableDefaults() {
  return catalogue.table || {};
}

/** The scorings kept on a We/They pad (the pad page scores real cards with them). */
export function padScorings() {
  return catalogue.scorings.filter((scoring) => scoring.pad);
}

/** A label of the registry ({en, "pt-BR"}) in the reader's language. */
export function label(text) {
  return text ? text[language()] ?? text.en : "";
}
