// The games a table can play, their scorings and the options a creator may choose.
// The server checks everything again; this only shapes the form.

export const PAD_SCORINGS = ["rubber", "chicago", "auction", "old-polish", "russian"];
export const CONTRACT_SCORINGS = ["duplicate", ...PAD_SCORINGS];

export const GAMES = {
  contract: { players: [4], scorings: CONTRACT_SCORINGS },
  "bridge-whist": { players: [4], scorings: CONTRACT_SCORINGS },
  widow: { players: [4], scorings: CONTRACT_SCORINGS },
  honeymoon: { players: [2], scorings: CONTRACT_SCORINGS },
  boerenbridge: { players: [3, 4, 5, 6, 7, 2], scorings: ["boerenbridge"] },
};

/** Options of each scoring: [name, kind, default, choices?]. */
export const SCORING_OPTIONS = {
  duplicate: [["boards", "number", null]],
  rubber: [["honours", "bool", true], ["doubled_overtricks", "choice", "per-trick", ["per-trick", "flat"]], ["passed_out", "choice", "redeal", ["redeal", "counts"]]],
  chicago: [["honours", "bool", true], ["doubled_overtricks", "choice", "per-trick", ["per-trick", "flat"]], ["vul_cycle", "choice", "seeds", ["seeds", "dealer"]], ["partscores", "choice", "carry", ["carry", "duplicate"]], ["passed_out", "choice", "redeal", ["redeal", "counts"]]],
  auction: [["honours", "bool", true], ["passed_out", "choice", "redeal", ["redeal", "counts"]]],
  "old-polish": [["honours", "bool", true], ["doubled_overtricks", "choice", "per-trick", ["per-trick", "flat"]], ["passed_out", "choice", "redeal", ["redeal", "counts"]]],
  russian: [["vul_cycle", "choice", "seeds", ["seeds", "dealer"]], ["passed_out", "choice", "redeal", ["redeal", "counts"]]],
  boerenbridge: [["harsh", "bool", false], ["consolation", "bool", false], ["no_trump_rounds", "bool", false], ["blind_one_card_rounds", "bool", false], ["blind_multiplier", "number", 2], ["wizards", "bool", false], ["fixed_hand_size", "number", null], ["schedule", "list", null]],
};

export const PAD_SYSTEMS = new Set(PAD_SCORINGS);

export function isBridgeLike(game) {
  return game !== "boerenbridge";
}
