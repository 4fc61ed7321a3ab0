// Looks before rendering: the picture the render makes at the slider's time
// (the engine's --still) and a few seconds around it (its --preview), each
// for the options chosen, with a busy sign while it is made and cleared when
// another file is picked.
import { call, forget, latest, posting } from "./api.js";
import { busy, refreshMarks } from "./marks.js";
import { $, clearError, showError, state } from "./state.js";

// What the engine makes of `kind` (still or preview) at the slider's time,
// for the options chosen, shown in `element` by a URL of its own: true;
// false when it was refused (the refusal shown beside the still), null when
// another overtook it.
async function look(kind, element) {
  const asked = latest(kind);
  const at = Number($("still-at").value).toFixed(6);
  const options = state.options();
  try {
    const response = await call(`/api/${kind}?at=${at}`, posting(options, asked.signal));
    const made = await response.blob();
    if (asked.overtaken()) return null;
    if (element.src.startsWith("blob:")) URL.revokeObjectURL(element.src);
    element.src = URL.createObjectURL(made);
    element.dataset.at = at;
    element.dataset.key = state.optionsKey(options);
    clearError("still");
    return true;
  } catch (error) {
    if (asked.overtaken() || error.name === "AbortError") return null;
    showError(error, "still");
    return false;
  }
}

// Empties `element` (the still or the preview): nothing made, nothing marked.
function empty(element, placeholder, words) {
  if (element.src.startsWith("blob:")) URL.revokeObjectURL(element.src);
  element.removeAttribute("src");
  delete element.dataset.key;
  delete element.dataset.at;
  element.hidden = true;
  $(placeholder).textContent = words;
  $(placeholder).hidden = false;
}

// The picture the render makes at the slider's time.
export async function still() {
  if (!state.file) return;
  busy("still-figure", "making the frame…");
  refreshMarks();
  const image = $("still");
  const shown = await look("still", image);
  if (shown === null) return;
  busy("still-figure", null);
  if (shown) {
    image.hidden = false;
    $("still-placeholder").hidden = true;
  } else {
    empty(image, "still-placeholder", "No frame: see the message above.");
  }
  refreshMarks();
}

// The output's seconds around the slider's time, small and silent.
export async function preview() {
  if (!state.file) return;
  const player = $("preview-player");
  busy("preview-figure", "making the preview…");
  refreshMarks();
  const shown = await look("preview", player);
  if (shown === null) return;
  busy("preview-figure", null);
  if (shown) {
    player.hidden = false;
    $("preview-placeholder").hidden = true;
    $("preview-text").textContent = `around ${Number(player.dataset.at).toFixed(3)} s`;
    player.play().catch(() => {});
  }
  refreshMarks();
}

// Forgets the still and the preview, and any being made: another file is
// picked (or none can be made, as `why` says).
export function clearLooks(why) {
  forget("still");
  forget("preview");
  busy("still-figure", null);
  busy("preview-figure", null);
  empty($("still"), "still-placeholder", why);
  empty($("preview-player"), "preview-placeholder", "Preview 3 s around the frame: the render's own pictures, small and silent.");
  $("preview-text").textContent = "";
  refreshMarks();
}
