// Renders: asked for (to the next free name, or replacing the last, as the
// person chooses), followed with their progress and latest frame, cancelled,
// listed with their options and time, and their results played beside the
// source and offered for download.
import { api, posting } from "./api.js";
import { refreshMarks } from "./marks.js";
import { play } from "./players.js";
import { $, clearError, describeOptions, keyOf, say, showError, state } from "./state.js";

// Asks for a render of the options chosen.
export async function render() {
  say("render", "");
  try {
    const job = await api("/api/renders", posting({ ...state.options(), replace: $("replace").checked }));
    clearError("render");
    say("render", `rendering to ${job.output}`);
    clearResult("The render plays here once it is made.");
    follow(job);
    listRenders().catch(showError);
  } catch (error) {
    showError(error, "render");
  }
}

export async function cancel() {
  if (!state.job) return;
  try {
    await api(`/api/renders/${state.job}/cancel`, { method: "POST" });
  } catch (error) {
    showError(error, "render");
  }
}

// The progress of `job` as words: its output, and how far it is (the time
// left only while it runs).
function progressWords(job) {
  const percent = `${Math.floor(job.progress)}%`;
  switch (job.state) {
    case "running": return `${job.output}: ${percent}${job.etaSeconds != null ? `, ${Math.ceil(job.etaSeconds)} s left` : ""}`;
    case "queued": return `${job.output}: waiting for the render before it`;
    case "done": return `${job.output}: done`;
    case "cancelled": return `${job.output}: cancelled at ${percent}`;
    default: return `${job.output}: failed`;
  }
}

// Shows `job`'s progress, for the options it was asked with.
function showProgress(job) {
  const box = $("progress-box");
  box.hidden = false;
  box.dataset.key = keyOf(job.options);
  box.dataset.state = job.state;
  $("progress").value = job.progress;
  $("progress-text").textContent = progressWords(job);
  refreshMarks();
}

// Hides the progress: nothing is rendering for the file chosen.
export function clearProgress() {
  const box = $("progress-box");
  box.hidden = true;
  delete box.dataset.key;
  delete box.dataset.state;
  $("progress").value = 0;
  $("progress-text").textContent = "";
  $("progress-picture").hidden = true;
  refreshMarks();
}

// The latest frame of a running render, asked for about once a second, shown
// where its result will play while its file is the one chosen.
function showLatestPicture(job) {
  const id = job.id;
  const now = Date.now();
  if (now - (state.pictureAsked ?? 0) < 1000) return;
  state.pictureAsked = now;
  const picture = $("progress-picture");
  picture.onload = () => {
    if (state.job !== id || job.options.file !== state.file) return;
    picture.hidden = false;
    picture.dataset.render = id;
    $("result-placeholder").hidden = true;
    $("result-title").textContent = `Rendering ${job.output}…`;
  };
  picture.src = `/api/renders/${id}/picture?at=${now}`;
}

// Follows `job` until it ends.
async function follow(job) {
  state.job = job.id;
  state.pictureAsked = 0;
  $("cancel").disabled = false;
  showProgress(job);
  while (state.job === job.id) {
    const now = await api(`/api/renders/${job.id}`).catch((error) => { showError(error); return null; });
    if (state.job !== job.id) break;
    if (!now) {
      state.job = null;
      $("cancel").disabled = true;
      break;
    }
    showProgress(now);
    if (now.state === "running") showLatestPicture(now);
    if (!["queued", "running"].includes(now.state)) {
      ended(now);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  listRenders().catch(showError);
}

// `job` ended: its result plays if it is of the file chosen; what became of it is said beside Render.
function ended(job) {
  clearError("render");
  $("cancel").disabled = true;
  state.job = null;
  $("progress-picture").hidden = true;
  const here = job.options.file === state.file;
  if (job.state === "done") {
    say("render", here ? `${job.output} is made` : `${job.output} is made (of ${job.options.file}): Play in the list shows it`);
    if (here) showResult(job);
  } else if (job.state === "failed") {
    showError(job.error, "render");
    if (here) clearResult("The render failed: nothing to play.");
  } else {
    say("render", `${job.output} was cancelled: nothing of it was kept`);
    if (here) clearResult("The render was cancelled.");
  }
}

// Plays `job`'s output beside the source, and offers it for download.
function showResult(job) {
  const path = `/results/${encodeURIComponent(job.output)}`;
  const player = $("result");
  player.hidden = false;
  $("result-placeholder").hidden = true;
  player.dataset.key = keyOf(job.options);
  player.dataset.file = job.options.file;
  player.dataset.words = `made with other options: ${job.options.file}, ${describeOptions(job.options)}`;
  play(player, $("result-note"), path, (job.result?.frames ?? 0) > 0);
  $("result-title").textContent = `Result: ${job.output}`;
  const download = $("download");
  download.href = `${path}?download=1`;
  download.hidden = false;
  download.textContent = `Download ${job.output}`;
  refreshMarks();
}

// Takes the result and its download away, saying `why` where it played.
export function clearResult(why) {
  const player = $("result");
  player.pause();
  player.removeAttribute("src");
  player.load();
  player.hidden = true;
  delete player.dataset.key;
  delete player.dataset.file;
  $("result-note").textContent = "";
  $("result-title").textContent = "Result";
  $("result-placeholder").textContent = why;
  $("result-placeholder").hidden = !$("progress-picture").hidden;
  $("download").hidden = true;
  $("download").removeAttribute("href");
  refreshMarks();
}

// When a render was asked for, as the list shows it: the time, and the day unless it is today.
function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString()} ${time}`;
}

// One render in the list: its output, file, options, time and state; a finished one can be played.
function entry(job) {
  const item = document.createElement("li");
  item.dataset.test = "render-entry";
  item.dataset.state = job.state;
  const name = document.createElement("strong");
  name.textContent = job.output;
  const about = document.createElement("small");
  about.textContent = `${job.options.file}: ${describeOptions(job.options)}`;
  const status = document.createElement("small");
  // How far a running render is, the progress beside Render says: the list is read when renders start and end.
  status.textContent = `${when(job.asked)} · ${job.state}${job.error ? ` (${job.error})` : ""}`;
  item.append(name, about, status);
  if (job.state === "done") {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Play";
    button.addEventListener("click", () => showResult(job));
    status.append(" ", button);
  }
  return item;
}

// The list of renders, newest first; one under way is followed.
export async function listRenders() {
  const jobs = await api("/api/renders");
  $("renders").replaceChildren(...jobs.slice().reverse().map(entry));
  const open = jobs.find((job) => job.state === "queued" || job.state === "running");
  if (open && !state.job) follow(open);
}
