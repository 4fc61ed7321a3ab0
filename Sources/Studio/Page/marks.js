// Each view made for a set of options (the still, the preview, the result
// and its download, the progress) keeps the key of those options
// (data-key, state.js's keyOf) and is marked out of date, with words that
// say so, the moment the options chosen have another key.
import { $, state } from "./state.js";

// Each view: its box (which carries data-stale and data-busy), the element
// holding what was made, and the words of its mark.
const views = [
  { box: "still-figure", made: "still", mark: "still-mark", words: "made for other options" },
  { box: "preview-figure", made: "preview-player", mark: "preview-mark", words: "made for other options: preview again" },
  { box: "result-screen", made: "result", mark: "result-mark" },
  { box: "progress-box", made: "progress-box", mark: "progress-mark", words: "a render of other options" },
  { box: "plan", made: "plan" },
];

function flag(element, name, on) {
  if (on) element.dataset[name] = "true";
  else delete element.dataset[name];
}

// Marks the views whose key is not that of the options chosen, and clears the marks of the others.
export function refreshMarks() {
  const key = state.file ? state.optionsKey() : undefined;
  for (const view of views) {
    const made = $(view.made).dataset.key;
    const stale = made !== undefined && made !== key;
    flag($(view.box), "stale", stale);
    if (!view.mark) continue;
    const busy = $(view.box).dataset.busy === "true";
    const words = view.words ?? $(view.made).dataset.words ?? "made for other options";
    $(view.mark).textContent = busy ? (stale ? `out of date, ${$(view.box).dataset.doing}` : $(view.box).dataset.doing) : stale ? words : "";
    $(view.mark).hidden = $(view.mark).textContent === "";
  }
  const download = $("download");
  flag(download, "stale", !download.hidden && $("result").dataset.key !== key);
}

// Shows that the view in `box` is being made (`doing` says what), or is no longer.
export function busy(box, doing) {
  flag($(box), "busy", doing != null);
  if (doing != null) $(box).dataset.doing = doing;
}
