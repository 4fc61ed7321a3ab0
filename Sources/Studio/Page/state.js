// What the page holds: the chosen file and the facts the views are judged
// by, the messages, and the words for a set of options.

export const $ = (id) => document.getElementById(id);

export const state = {
  // The chosen file's name and facts.
  file: null,
  facts: null,
  // The source's duration S the plans measure (their sourceDuration), in seconds.
  source: 0,
  levels: null,
  // Which of factor and duration the person set last, and the factor
  // exactly (the slider shows it within its range and steps).
  target: "factor",
  factor: 1,
  // The render the progress follows.
  job: null,
};

// Shows `error` (or clears it) in `error` at the top and beside the control
// it concerns: the message element `place`-message.
export function showError(error, place) {
  const text = error ? String(error.message ?? error) : "";
  $("error").textContent = text;
  $("error").dataset.place = place ?? "";
  if (place) say(place, text, true);
}

// Clears the message at the top if it came from `place`, and the one beside `place`.
export function clearError(place) {
  if ($("error").dataset.place === place) showError(null);
  say(place, "");
}

// Writes `text` beside the control `place` (its `place`-message), as a refusal when `refused`.
export function say(place, text, refused = false) {
  const message = $(`${place}-message`);
  message.textContent = text;
  message.classList.toggle("refused", refused && text !== "");
}

const round = (value) => Math.round(value * 1e6) / 1e6;

// What a set of options makes, as one string: two sets with the same key
// make the same output (a factor and the duration it gives are one).
export function keyOf(options, source = state.source) {
  const map = options.timeMap ?? null;
  const seconds = map ? null : options.factor != null ? round(options.factor * source) : round(options.duration);
  return JSON.stringify([options.file, map, map ? options.curve ?? "straight" : null, seconds, options.fps,
    options.motion ?? "nearest", options.keepPitch === true, options.reverse === true, options.container]);
}

const short = (value) => String(Math.round(value * 1000) / 1000);

// A set of options in a few words: the factor, duration or map, the frame
// rate, the motion and what else is asked.
export function describeOptions(options) {
  const parts = [];
  if (options.factor != null) parts.push(`×${short(options.factor)}`);
  else if (options.duration != null) parts.push(`${short(options.duration)} s`);
  else if (options.timeMap) parts.push(`map ${options.timeMap.length > 40 ? `${options.timeMap.slice(0, 40)}…` : options.timeMap}`);
  if (options.curve === "smooth" && options.timeMap) parts.push("smooth");
  parts.push(options.fps === "source" ? "source fps" : `${options.fps} fps`, options.motion ?? "nearest");
  if (options.keepPitch) parts.push("keep pitch");
  if (options.reverse) parts.push("reversed");
  parts.push(options.container);
  return parts.join(" · ");
}
