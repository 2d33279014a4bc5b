// English texts.  Keys are shared with pt-BR.js (a test checks both hold the same keys).

import common from "./en/common.js";
import table from "./en/table.js";
import score from "./en/score.js";
import events from "./en/events.js";
import analysis from "./en/analysis.js";
import eventlinks from "./en/eventlinks.js";
import friends from "./en/friends.js";
import notices from "./en/notices.js";
import seats from "./en/seats.js";
import access from "./en/access.js";

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
