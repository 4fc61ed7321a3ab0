// The studio's page: plain JavaScript modules over the server's API
// (docs/studio.md). Every control carries the data-test name SPEC §15 gives.
import { MapEditor } from "./map-editor.js";
import { drawLevels } from "./levels.js";

const $ = (id) => document.getElementById(id);
const state = { file: null, facts: null, levels: null, planTimer: 0, job: null, stillTimer: 0, latest: {} };

// A call of the API; a refusal throws with the server's message.
async function call(path, options = {}) {
  const response = await fetch(path, options);
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(body?.error?.message ?? `${response.status} ${response.statusText}`);
  }
  return response;
}

// A call whose answer is JSON (or nothing).
async function api(path, options = {}) {
  const text = await (await call(path, options)).text();
  return text ? JSON.parse(text) : null;
}

// The latest of one kind of call is the only one whose answer counts:
// starting one aborts the one before. Its signal, and whether it was overtaken.
function latest(kind) {
  state.latest[kind]?.abort();
  const controller = new AbortController();
  state.latest[kind] = controller;
  return { signal: controller.signal, overtaken: () => state.latest[kind] !== controller };
}

function showError(error) { $("error").textContent = error ? String(error.message ?? error) : ""; }

async function listFiles() {
  const files = await api("/api/files");
  const list = $("files");
  list.replaceChildren(...files.map((file) => {
    const item = document.createElement("li");
    const name = document.createElement("button");
    name.type = "button";
    name.dataset.test = "file";
    name.textContent = file.name;
    name.addEventListener("click", () => choose(file));
    const facts = document.createElement("small");
    facts.textContent = describe(file.facts);
    item.append(name, facts);
    return item;
  }));
  return files;
}

function describe(facts) {
  const parts = [];
  if (facts.duration != null) parts.push(`${facts.duration.toFixed(2)} s`);
  if (facts.width) parts.push(`${facts.width}×${facts.height}`);
  if (facts.fps) parts.push(`${Math.round(facts.fps * 1000) / 1000} fps`);
  parts.push(`${facts.audioTracks} audio`);
  if (facts.subtitleTracks) parts.push(`${facts.subtitleTracks} subtitles`);
  return parts.join(" · ");
}

async function choose(file) {
  state.file = file.name;
  state.facts = file.facts;
  $("chosen").textContent = file.name;
  play($("source"), $("source-note"), `/media/${encodeURIComponent(file.name)}`, file.facts.width != null);
  $("preview-player").hidden = true;
  $("preview-text").textContent = "";
  editor.reset(file.facts.duration ?? 1);
  syncDuration();
  state.levels = null;
  drawLevels($("waveform"), null, 0);
  if (file.facts.audioTracks > 0) {
    api(`/api/levels/${encodeURIComponent(file.name)}`).then((levels) => {
      if (state.file !== file.name) return;
      state.levels = levels;
      drawLevels($("waveform"), levels, $("source").currentTime);
    }).catch(showError);
  }
  askPlan();
}

function options() {
  const chosen = { file: state.file, fps: $("fps").value, motion: $("motion").value, keepPitch: $("keep-pitch").checked,
    reverse: $("reverse").checked, container: $("container").value };
  if ($("use-map").checked) {
    chosen.timeMap = $("time-map").value.trim();
    chosen.curve = $("smooth").checked ? "smooth" : "straight";
  } else if (state.target === "duration") {
    chosen.duration = Number($("duration").value);
  } else {
    chosen.factor = Number($("factor").value);
  }
  return chosen;
}

function askPlan() {
  clearTimeout(state.planTimer);
  state.planTimer = setTimeout(plan, 120);
}

async function plan() {
  if (!state.file) return;
  const asked = latest("plan");
  try {
    const planned = await api("/api/plan", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(options()),
      signal: asked.signal });
    if (asked.overtaken()) return;
    $("plan-frames").textContent = String(planned.frames);
    $("plan-duration").textContent = String(planned.duration);
    $("plan-tracks").textContent = planned.tracks.map((track) => `${track.kind} ${track.index}: ${track.written ?? track.dropped}`).join("; ");
    showError(null);
    placeStill(planned);
  } catch (error) {
    if (asked.overtaken() || error.name === "AbortError") return;
    for (const id of ["plan-frames", "plan-duration", "plan-tracks"]) $(id).textContent = "–";
    showError(error);
  }
}

// The still's slider spans the output's frames: frame k is on screen from k / fps.
function placeStill(planned) {
  const slider = $("still-at");
  const last = planned.frames > 0 && planned.fps > 0 ? (planned.frames - 1) / planned.fps : 0;
  slider.max = String(last);
  slider.step = planned.fps > 0 ? String(1 / planned.fps) : "any";
  if (Number(slider.value) > last) slider.value = String(last);
  if (planned.frames > 0) askStill();
}

function askStill() {
  $("still-at-shown").textContent = Number($("still-at").value).toFixed(3);
  clearTimeout(state.stillTimer);
  state.stillTimer = setTimeout(still, 200);
}

// What the engine makes of `kind` (still or preview) at the slider's time,
// for the options shown, shown in `element` by a URL of its own: true; false
// when it was refused (the refusal shown), null when another overtook it.
async function look(kind, element) {
  const asked = latest(kind);
  const at = Number($("still-at").value).toFixed(6);
  try {
    const response = await call(`/api/${kind}?at=${at}`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(options()), signal: asked.signal });
    const made = await response.blob();
    if (asked.overtaken()) return null;
    if (element.src.startsWith("blob:")) URL.revokeObjectURL(element.src);
    element.src = URL.createObjectURL(made);
    element.dataset.at = at;
    return true;
  } catch (error) {
    if (asked.overtaken() || error.name === "AbortError") return null;
    showError(error);
    return false;
  }
}

// The picture the render will make at the slider's time (the engine's --still).
async function still() {
  if (state.file) await look("still", $("still"));
}

function syncDuration() {
  const seconds = (state.facts?.duration ?? 0) * Number($("factor").value);
  $("duration").value = seconds ? seconds.toFixed(3) : "";
  $("factor-shown").textContent = `×${Number($("factor").value)}`;
}

async function render() {
  try {
    const job = await api("/api/renders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(options()) });
    showError(null);
    follow(job);
  } catch (error) {
    showError(error);
  }
}

// The latest frame of a running render, asked for once a second.
function showLatestPicture(id) {
  const now = Date.now();
  if (now - (state.pictureAsked ?? 0) < 1000) return;
  state.pictureAsked = now;
  const picture = $("progress-picture");
  picture.onload = () => { picture.hidden = false; picture.dataset.render = id; };
  picture.src = `/api/renders/${id}/picture?at=${now}`;
}

async function follow(job) {
  state.job = job.id;
  state.pictureAsked = 0;
  $("cancel").disabled = false;
  while (state.job === job.id) {
    const now = await api(`/api/renders/${job.id}`).catch((error) => { showError(error); return null; });
    if (!now) {
      state.job = null;
      $("cancel").disabled = true;
      break;
    }
    $("progress").value = now.progress;
    $("progress-text").textContent = `${Math.floor(now.progress)}%` + (now.etaSeconds != null ? `, ${Math.ceil(now.etaSeconds)} s left` : "") + ` (${now.state})`;
    if (now.state === "running") showLatestPicture(job.id);
    if (!["queued", "running"].includes(now.state)) {
      ended(now);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  listRenders().catch(showError);
}

function ended(job) {
  $("cancel").disabled = true;
  state.job = null;
  if (job.state === "done") showResult(job);
  else if (job.state === "failed") showError(job.error);
}

// Plays `path` in `player`; where the browser cannot (it fails, or shows no
// picture of a movie), plays the small copy the server makes of it instead.
function play(player, note, path, hasPicture) {
  note.textContent = "";
  const playable = () => {
    player.onerror = player.onloadedmetadata = null;
    note.textContent = "This browser cannot play it: making a small copy it can play…";
    player.onloadeddata = () => { player.onloadeddata = null; note.textContent = "Playing a small copy (360 lines) made for this browser."; };
    player.onerror = () => { note.textContent = "Even its copy cannot be played here."; };
    player.src = `${path}/playable`;
  };
  player.onerror = playable;
  player.onloadedmetadata = () => {
    if (hasPicture && player.videoWidth === 0) playable();
    else player.onerror = player.onloadedmetadata = null;
  };
  player.onloadeddata = null;
  player.src = path;
}

// A few seconds of the output around the still's time, small and silent (the engine's --preview).
async function preview() {
  if (!state.file) return;
  const player = $("preview-player");
  $("preview-text").textContent = "making…";
  const shown = await look("preview", player);
  if (shown === null) return;
  $("preview-text").textContent = shown ? `around ${Number(player.dataset.at).toFixed(3)} s` : "";
  if (!shown) return;
  player.hidden = false;
  player.play().catch(() => {});
}

function showResult(job) {
  const path = `/results/${encodeURIComponent(job.output)}`;
  play($("result"), $("result-note"), path, (job.result?.frames ?? 0) > 0);
  $("download").href = `${path}?download=1`;
  $("download").hidden = false;
  $("download").textContent = `Download ${job.output}`;
}

async function cancel() {
  if (!state.job) return;
  try { await api(`/api/renders/${state.job}/cancel`, { method: "POST" }); } catch (error) { showError(error); }
}

async function listRenders() {
  const jobs = await api("/api/renders");
  $("renders").replaceChildren(...jobs.slice().reverse().map((job) => {
    const item = document.createElement("li");
    item.textContent = `${job.output}: ${job.state}${job.state === "running" ? ` ${Math.floor(job.progress)}%` : ""}${job.error ? ` (${job.error})` : ""}`;
    if (job.state === "done") {
      const play = document.createElement("button");
      play.type = "button";
      play.textContent = "Play";
      play.addEventListener("click", () => showResult(job));
      item.append(" ", play);
    }
    return item;
  }));
  const open = jobs.find((job) => job.state === "queued" || job.state === "running");
  if (open && !state.job) follow(open);
}

async function upload(file) {
  try {
    await api(`/api/files?name=${encodeURIComponent(file.name)}`, { method: "POST", body: file });
    showError(null);
    await listFiles();
  } catch (error) {
    showError(error);
  }
}

const editor = new MapEditor($("map-editor"), $("time-map"), () => {
  if (!$("use-map").checked) $("use-map").checked = true;
  askPlan();
});

function seekFromWaveform(event) {
  if (!state.levels) return;
  const canvas = $("waveform");
  const box = canvas.getBoundingClientRect();
  const fraction = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
  $("source").currentTime = fraction * state.levels.duration;
  drawLevels(canvas, state.levels, $("source").currentTime);
}

function wire() {
  $("factor").addEventListener("input", () => { state.target = "factor"; syncDuration(); $("use-map").checked = false; askPlan(); });
  $("duration").addEventListener("input", () => {
    state.target = "duration";
    const seconds = Number($("duration").value);
    if (state.facts?.duration && seconds > 0) {
      $("factor").value = String(seconds / state.facts.duration);
      $("factor-shown").textContent = `×${Math.round((seconds / state.facts.duration) * 1000) / 1000}`;
    }
    $("use-map").checked = false;
    askPlan();
  });
  for (const id of ["fps", "motion", "keep-pitch", "reverse", "container", "use-map", "smooth"]) $(id).addEventListener("change", askPlan);
  $("time-map").addEventListener("input", () => { editor.read(); $("use-map").checked = true; askPlan(); });
  $("still-at").addEventListener("input", askStill);
  $("preview").addEventListener("click", preview);
  $("render").addEventListener("click", render);
  $("cancel").addEventListener("click", cancel);
  $("upload").addEventListener("change", (event) => {
    const chosen = event.target.files[0];
    event.target.value = "";
    if (chosen) upload(chosen);
  });
  let dragging = false;
  $("waveform").addEventListener("pointerdown", (event) => { dragging = true; seekFromWaveform(event); });
  window.addEventListener("pointerup", () => { dragging = false; });
  $("waveform").addEventListener("pointermove", (event) => { if (dragging) seekFromWaveform(event); });
  $("source").addEventListener("timeupdate", () => { if (state.levels) drawLevels($("waveform"), state.levels, $("source").currentTime); });
}

wire();
listFiles().then(listRenders).catch(showError);
