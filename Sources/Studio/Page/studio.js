// The studio's page: plain JavaScript modules over the server's API
// (docs/studio.md). Every control carries the data-test name SPEC §15 gives.
// This module holds the file chosen, the controls and the plan, and keeps
// the speed map the plan's map: with the map off, the editor shows the
// factor's map; with it on, the factor and duration show what it makes.
import { api, latest, posting } from "./api.js";
import { drawLevels, noteLevels } from "./levels.js";
import { clearLooks, preview, still } from "./looks.js";
import { MapEditor } from "./map-editor.js";
import { busy, refreshMarks } from "./marks.js";
import { play } from "./players.js";
import { cancel, clearProgress, clearResult, listRenders, render } from "./renders.js";
import { $, clearError, keyOf, showError, state } from "./state.js";

const timers = { plan: 0, still: 0 };

// The options chosen, as the API takes them.
function options() {
  const chosen = { file: state.file, fps: $("fps").value, motion: $("motion").value, keepPitch: $("keep-pitch").checked,
    reverse: $("reverse").checked, container: $("container").value };
  if (mapOn()) {
    chosen.timeMap = $("time-map").value.trim();
    chosen.curve = $("smooth").checked ? "smooth" : "straight";
  } else if (state.target === "duration") {
    chosen.duration = Number($("duration").value);
  } else {
    chosen.factor = state.factor;
  }
  return chosen;
}
state.options = options;
state.optionsKey = (chosen = options()) => keyOf(chosen);

const mapOn = () => $("use-map").checked;

async function listFiles() {
  const files = await api("/api/files");
  $("files").replaceChildren(...files.map((file) => {
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
  markChosen();
  return files;
}

// The file chosen is marked in the list.
function markChosen() {
  for (const button of document.querySelectorAll('[data-test="file"]')) {
    if (button.textContent === state.file) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  }
}

function describe(facts) {
  const parts = [];
  if (facts.duration != null) parts.push(`${facts.duration.toFixed(2)} s`);
  if (facts.width) parts.push(`${facts.width}×${facts.height}`);
  if (facts.fps) parts.push(`${Math.round(facts.fps * 1000) / 1000} fps`);
  parts.push(facts.audioTracks ? `${facts.audioTracks} audio` : "no sound");
  if (facts.subtitleTracks) parts.push(`${facts.subtitleTracks} subtitles`);
  return parts.join(" · ");
}

// Picks `file`: everything shown of the file before goes (the result of
// another file's render, its still and preview), and the speed map starts
// again from the factor.
function choose(file) {
  const other = state.file !== file.name;
  state.file = file.name;
  state.facts = file.facts;
  state.source = file.facts.duration ?? 0;
  markChosen();
  $("chosen").textContent = file.name;
  $("source").hidden = false;
  $("source-placeholder").hidden = true;
  play($("source"), $("source-note"), `/media/${encodeURIComponent(file.name)}`, file.facts.width != null);
  showLevels(file);
  if (other) {
    clearLooks("");
    $("progress-picture").hidden = true;
    if ($("result").dataset.file !== file.name) clearResult(`Renders of ${file.name} play here, beside the source.`);
    if (!state.job) clearProgress();
    for (const place of ["render", "plan", "still"]) clearError(place);
  }
  $("use-map").checked = false;
  state.target = "factor";
  followFactor();
  changed();
}

// The sound's bars, or words where there are none.
function showLevels(file) {
  state.levels = null;
  drawLevels($("waveform"), null, 0);
  if (!(file.facts.audioTracks > 0)) {
    noteLevels($("waveform-note"), "No sound in this file");
    return;
  }
  noteLevels($("waveform-note"), "Drawing its sound…");
  api(`/api/levels/${encodeURIComponent(file.name)}`).then((levels) => {
    if (state.file !== file.name) return;
    state.levels = levels;
    noteLevels($("waveform-note"), levels.levels.length ? "" : "No sound to draw");
    drawLevels($("waveform"), levels, $("source").currentTime);
  }).catch((error) => {
    if (state.file === file.name) noteLevels($("waveform-note"), `Its sound cannot be drawn: ${error.message}`);
  });
}

// The output's duration the factor or the duration asks for, in seconds.
function targetSeconds() {
  return state.target === "duration" ? Number($("duration").value) : state.factor * state.source;
}

// With the map off: the editor draws the factor's map (0=0,S=D; S=0,0=D reversed), and the other field follows.
function followFactor(seconds = targetSeconds()) {
  if (mapOn() || !(state.source > 0)) return;
  const knots = $("reverse").checked ? [[state.source, 0], [0, seconds]] : [[0, 0], [state.source, seconds]];
  editor.show(knots, state.source);
  showTarget(seconds);
}

// Shows the output's duration `seconds` in the duration field, and the factor it is.
function showTarget(seconds) {
  const factor = state.source > 0 ? seconds / state.source : 1;
  if (state.target !== "duration") $("duration").value = seconds ? String(Math.round(seconds * 1000) / 1000) : "";
  if (state.target !== "factor") {
    state.factor = factor;
    $("factor").value = String(factor);
  }
  $("factor-shown").textContent = `×${Math.round(factor * 1000) / 1000}`;
}

// With the map on: the factor and the duration show what the map makes (its
// last knot); the field the person is moving (`moving`) is left as typed.
function followMap(moving) {
  const seconds = editor.end;
  state.factor = seconds / state.source;
  if (moving !== "duration") $("duration").value = String(Math.round(seconds * 1000) / 1000);
  if (moving !== "factor") $("factor").value = String(state.factor);
  $("factor-shown").textContent = `×${Math.round((seconds / state.source) * 1000) / 1000}`;
}

// The factor or the duration moved: with the map on, its output times are
// stretched to the new duration; with it off, the factor's map follows.
function targetMoved(target) {
  state.target = target;
  const seconds = targetSeconds();
  if (mapOn()) {
    if (seconds > 0 && editor.end > 0) editor.scaleOutput(seconds / editor.end);
    followMap(target);
  } else {
    followFactor(seconds);
  }
  changed();
}

// The map turned on (it starts from the factor's map; reversing is then
// the map's own, as --time-map refuses --reverse) or off (the factor's map
// again, for the duration the map made, reversed if the map ends before it starts).
function mapTurned() {
  if (mapOn()) {
    $("reverse").checked = false;
    $("reverse").disabled = true;
    followMap();
  } else {
    $("reverse").disabled = false;
    $("reverse").checked = editor.knots[0][0] > editor.knots[editor.knots.length - 1][0];
    state.target = "duration";
    followFactor(editor.end);
  }
  changed();
}

// Something chosen changed: views made for other options are marked at
// once, and the plan (then the still) is asked again.
function changed() {
  if (state.file) busy("still-figure", "making the frame…");
  refreshMarks();
  clearTimeout(timers.plan);
  timers.plan = setTimeout(plan, 120);
}

async function plan() {
  if (!state.file) return;
  const asked = latest("plan");
  const chosen = options();
  try {
    const planned = await api("/api/plan", posting(chosen, asked.signal));
    if (asked.overtaken() || state.optionsKey(chosen) !== state.optionsKey()) return;
    $("plan-frames").textContent = String(planned.frames);
    $("plan-duration").textContent = String(planned.duration);
    $("plan-tracks").textContent = planned.tracks.map((track) => `${track.kind} ${track.index}: ${track.written ?? track.dropped}`).join("; ");
    $("replace-name").textContent = String(planned.output).split("/").pop();
    $("plan").dataset.key = state.optionsKey(chosen);
    clearError("plan");
    if (planned.sourceDuration > 0 && planned.sourceDuration !== state.source) {
      state.source = planned.sourceDuration;
      if (!mapOn()) followFactor(planned.duration);
    }
    refreshMarks();
    placeStill(planned);
  } catch (error) {
    if (asked.overtaken() || error.name === "AbortError") return;
    for (const id of ["plan-frames", "plan-duration", "plan-tracks"]) $(id).textContent = "–";
    delete $("plan").dataset.key;
    busy("still-figure", null);
    refreshMarks();
    showError(error, "plan");
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
  else clearLooks("This output has no picture.");
}

function askStill() {
  $("still-at-shown").textContent = Number($("still-at").value).toFixed(3);
  clearTimeout(timers.still);
  timers.still = setTimeout(still, 200);
}

async function upload(file) {
  try {
    await api(`/api/files?name=${encodeURIComponent(file.name)}`, { method: "POST", body: file });
    clearError("upload");
    await listFiles();
  } catch (error) {
    showError(error, "upload");
  }
}

// The map was edited (a knot dragged, its text typed): it is on, and the plan follows it.
function mapEdited() {
  $("use-map").checked = true;
  mapTurned();
}

const editor = new MapEditor($("map-editor"), $("time-map"), mapEdited);

function seekFromWaveform(event) {
  if (!state.levels) return;
  const canvas = $("waveform");
  const box = canvas.getBoundingClientRect();
  const fraction = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
  $("source").currentTime = fraction * state.levels.duration;
  drawLevels(canvas, state.levels, $("source").currentTime);
}

function wire() {
  $("factor").addEventListener("input", () => {
    state.factor = Number($("factor").value);
    targetMoved("factor");
  });
  $("duration").addEventListener("input", () => { if (Number($("duration").value) > 0) targetMoved("duration"); });
  $("use-map").addEventListener("change", mapTurned);
  $("reverse").addEventListener("change", () => { followFactor(); changed(); });
  for (const id of ["fps", "motion", "keep-pitch", "container", "smooth"]) $(id).addEventListener("change", changed);
  $("time-map").addEventListener("input", () => { if (editor.read()) mapEdited(); });
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
