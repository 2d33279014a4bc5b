// Textos em português do Brasil.  As chaves são as mesmas de en.js (um teste confere).

import common from "./pt-BR/common.js";
import table from "./pt-BR/table.js";
import score from "./pt-BR/score.js";
import events from "./pt-BR/events.js";
import analysis from "./pt-BR/analysis.js";
import eventlinks from "./pt-BR/eventlinks.js";
import friends from "./pt-BR/friends.js";
import notices from "./pt-BR/notices.js";
import seats from "./pt-BR/seats.js";
import access from "./pt-BR/access.js";

export default {
  ...common,
  ...table,
  ...score,
  ...events,
  ...analysis,
  ...eventlinks,
  ...friends,
  ...notices,
  ...seats,
  ...access,
};
